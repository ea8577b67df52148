use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut a: u64 = s.trim().parse().unwrap();
    let coins = [500u64, 200, 100, 50, 20, 10, 5, 2, 1];
    let mut count = 0;
    for c in coins {
        count += a / c;
        a %= c;
    }
    println!("{}", count);
}
