use std::collections::HashMap;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    // key: letter counts of the word
    let mut seen: HashMap<[u8; 26], u64> = HashMap::new();
    let mut pairs = 0u64;
    for _ in 0..n {
        let mut key = [0u8; 26];
        for c in it.next().unwrap().bytes() {
            key[(c - b'a') as usize] += 1;
        }
        let e = seen.entry(key).or_insert(0);
        pairs += *e;
        *e += 1;
    }
    println!("{}", pairs);
}
