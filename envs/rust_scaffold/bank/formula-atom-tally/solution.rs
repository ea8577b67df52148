use std::collections::BTreeMap;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let f = s.trim().as_bytes();
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    let mut i = 0;
    while i < f.len() {
        let mut sym = String::new();
        sym.push(f[i] as char);
        i += 1;
        if i < f.len() && f[i].is_ascii_lowercase() {
            sym.push(f[i] as char);
            i += 1;
        }
        let mut num: u64 = 0;
        let mut has = false;
        while i < f.len() && f[i].is_ascii_digit() {
            num = num * 10 + (f[i] - b'0') as u64;
            has = true;
            i += 1;
        }
        *counts.entry(sym).or_insert(0) += if has { num } else { 1 };
    }
    let total: u64 = counts.values().sum();
    println!("{} {}", total, counts.len());
    for (k, v) in &counts {
        println!("{} {}", k, v);
    }
}
