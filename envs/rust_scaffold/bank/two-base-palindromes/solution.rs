use std::io::{self, Read};

fn is_pal(mut x: u64, b: u64) -> bool {
    let orig = x;
    let mut rev = 0u64;
    while x > 0 {
        rev = rev * b + x % b;
        x /= b;
    }
    rev == orig
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (n, b) = (v[0], v[1]);
    let mut cnt = 0u64;
    let mut best = 0u64;
    for x in 1..=n {
        if is_pal(x, 10) && is_pal(x, b) {
            cnt += 1;
            best = x;
        }
    }
    println!("{} {}", cnt, best);
}
