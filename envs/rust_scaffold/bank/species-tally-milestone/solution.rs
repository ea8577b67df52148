use std::collections::HashSet;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let k = v[1] as usize;
    let mut seen: HashSet<u64> = HashSet::new();
    let mut first: i64 = -1;
    let mut repeats = 0u64;
    for i in 0..n {
        if !seen.insert(v[2 + i]) {
            repeats += 1;
        }
        if first < 0 && seen.len() >= k {
            first = i as i64 + 1;
        }
    }
    println!("{} {}", first, repeats);
}
