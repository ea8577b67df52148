use std::collections::HashMap;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: u64 = it.next().unwrap().parse().unwrap();
    let m: u64 = it.next().unwrap().parse().unwrap();
    let q: usize = it.next().unwrap().parse().unwrap();
    let mut rows: HashMap<u64, u32> = HashMap::new();
    let mut cols: HashMap<u64, u32> = HashMap::new();
    for _ in 0..q {
        let kind = it.next().unwrap();
        let x: u64 = it.next().unwrap().parse().unwrap();
        let map = if kind == "R" { &mut rows } else { &mut cols };
        *map.entry(x).or_insert(0) ^= 1;
    }
    let r = rows.values().filter(|&&v| v == 1).count() as u64;
    let c = cols.values().filter(|&&v| v == 1).count() as u64;
    println!("{}", r * (m - c) + (n - r) * c);
}
