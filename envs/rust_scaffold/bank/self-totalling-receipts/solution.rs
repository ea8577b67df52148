use std::io::{self, Read};

fn digit_sum(mut x: u64) -> u64 {
    let mut s = 0;
    while x > 0 {
        s += x % 10;
        x /= 10;
    }
    s
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let n: u64 = s.trim().parse().unwrap();
    // s(x) <= 81 for x < 10^9, so x >= n - 81
    let lo = n.saturating_sub(90);
    let found: Vec<String> = (lo..=n)
        .filter(|&x| x + digit_sum(x) == n)
        .map(|x| x.to_string())
        .collect();
    println!("{}\n{}", found.len(), found.join(" "));
}
