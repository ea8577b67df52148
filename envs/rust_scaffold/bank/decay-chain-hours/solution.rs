use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (x, p, q, t) = (v[0], v[1], v[2], v[3]);
    let (mut a, mut b, mut c) = (x, 0u64, 0u64);
    for _ in 0..t {
        let from_b = b * q / 100;
        let from_a = a * p / 100;
        b -= from_b;
        c += from_b;
        a -= from_a;
        b += from_a;
    }
    println!("{} {} {}", a, b, c);
}
