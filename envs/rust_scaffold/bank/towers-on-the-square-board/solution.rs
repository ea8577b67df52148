use std::collections::HashSet;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0];
    let k = v[1] as usize;
    let mut rows = HashSet::new();
    let mut cols = HashSet::new();
    let mut res = Vec::with_capacity(k);
    for i in 0..k {
        rows.insert(v[2 + 2 * i]);
        cols.insert(v[3 + 2 * i]);
        let free = (n - rows.len() as u64) * (n - cols.len() as u64);
        res.push(free.to_string());
    }
    println!("{}", res.join(" "));
}
