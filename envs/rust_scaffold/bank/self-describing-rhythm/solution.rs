use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let n: usize = s.trim().parse().unwrap();
    let mut r: Vec<u8> = Vec::with_capacity(n + 2);
    // block i (0-based) has length r[i] and value 1 if i is even, 2 if odd
    let mut i = 0usize;
    while r.len() < n {
        let value = if i % 2 == 0 { 1u8 } else { 2u8 };
        // the length of block i: r[i] if already known; blocks 0 and 1 describe themselves
        let len = if i < r.len() { r[i] } else { value };
        for _ in 0..len {
            r.push(value);
        }
        i += 1;
    }
    r.truncate(n);
    let ones = r.iter().filter(|&&x| x == 1).count();
    println!("{} {}", r[n - 1], ones);
}
