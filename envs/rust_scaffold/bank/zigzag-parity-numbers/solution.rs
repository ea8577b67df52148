use std::io::{self, Read};

fn zigzag(mut x: u64) -> bool {
    let mut prev = x % 2;
    x /= 10;
    while x > 0 {
        let d = x % 2;
        if d == prev {
            return false;
        }
        prev = d;
        x /= 10;
    }
    true
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let count = (v[0]..=v[1]).filter(|&x| zigzag(x)).count();
    println!("{}", count);
}
