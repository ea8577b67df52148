use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let (mut r, mut c) = (0i64, 0i64);
    let mut total = 0i64;
    for ch in s.trim().bytes() {
        let k = (ch - b'a') as i64;
        let (nr, nc) = (k / 5, k % 5);
        total += (nr - r).abs().max((nc - c).abs());
        r = nr;
        c = nc;
    }
    println!("{}", total);
}
