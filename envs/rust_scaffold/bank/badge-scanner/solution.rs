use std::collections::HashMap;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut cnt: HashMap<u64, usize> = HashMap::new();
    for _ in 0..n {
        *cnt.entry(it.next().unwrap()).or_insert(0) += 1;
    }
    let mut best = (0usize, 0u64);
    for (&b, &c) in &cnt {
        if c > best.0 || (c == best.0 && b < best.1) {
            best = (c, b);
        }
    }
    println!("{} {}", cnt.len(), best.1);
}
