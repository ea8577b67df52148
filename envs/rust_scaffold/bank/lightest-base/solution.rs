use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let n: u64 = s.trim().parse().unwrap();
    let (mut best_b, mut best_c) = (0u64, u64::MAX);
    for b in 2..=36u64 {
        let mut x = n;
        let mut c = 0u64;
        while x > 0 {
            c += x % b;
            x /= b;
        }
        if c < best_c {
            best_c = c;
            best_b = b;
        }
    }
    println!("{} {}", best_b, best_c);
}
