use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let mut pos = 1i64;
    let mut total = 0i64;
    for &f in &v[1..1 + 2 * n] {
        total += (f - pos).abs();
        pos = f;
    }
    println!("{} {}", total, pos);
}
