use std::collections::HashMap;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let digits = s.trim();
    let d = digits.len();
    let mut x: u64 = digits.parse().unwrap();
    let mut seen: HashMap<u64, u64> = HashMap::new();
    seen.insert(x, 0);
    let mut j = 0u64;
    loop {
        // the d digits of x, leading zeros included
        let mut ds: Vec<u64> = Vec::with_capacity(d);
        let mut y = x;
        for _ in 0..d {
            ds.push(y % 10);
            y /= 10;
        }
        ds.sort();
        let small = ds.iter().fold(0u64, |acc, &g| acc * 10 + g);
        let big = ds.iter().rev().fold(0u64, |acc, &g| acc * 10 + g);
        x = big - small;
        j += 1;
        if let Some(&i) = seen.get(&x) {
            println!("{} {}", j, j - i);
            return;
        }
        seen.insert(x, j);
    }
}
