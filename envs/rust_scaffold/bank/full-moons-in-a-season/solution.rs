use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u128> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (c, f, l, r) = (v[0], v[1], v[2], v[3]);
    // first full moon on or after day l
    let first = if l <= f { f } else { f + (l - f + c - 1) / c * c };
    if first > r {
        println!("0 -1");
    } else {
        println!("{} {}", (r - first) / c + 1, first);
    }
}
