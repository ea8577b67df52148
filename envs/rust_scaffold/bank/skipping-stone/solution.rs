use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u128> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (a, b) = (v[0], v[1]);
    // skips: a - i*b > 0 for i = 0..k-1, so k = ceil(a / b)
    let k = (a + b - 1) / b;
    let total = k * a - b * k * (k - 1) / 2;
    println!("{} {}", k, total);
}
