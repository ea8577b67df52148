use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut x: u64 = s.trim().parse().unwrap();
    x >>= x.trailing_zeros();
    let (mut count, mut best, mut cur) = (0u32, 0u32, 0u32);
    while x > 0 {
        if x & 1 == 1 {
            if cur > 0 {
                count += 1;
                best = best.max(cur);
            }
            cur = 0;
        } else {
            cur += 1;
        }
        x >>= 1;
    }
    println!("{} {}", count, best);
}
