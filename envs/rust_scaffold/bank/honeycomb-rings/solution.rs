use std::io::{self, Read};

fn cells(r: u128) -> u128 {
    1 + 3 * r * (r + 1)
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let c: u128 = s.trim().parse().unwrap();
    // binary search the largest r with cells(r) <= c
    let (mut lo, mut hi) = (0u128, 1_000_000_000u128);
    while lo < hi {
        let mid = (lo + hi + 1) / 2;
        if cells(mid) <= c {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    println!("{} {}", lo, c - cells(lo));
}
