use std::collections::HashMap;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let k = v[1] as usize;
    let a = &v[2..2 + n];
    // count[x] = occurrences of x among photos 0..=j-k, maintained while j moves right
    let mut count: HashMap<u64, u64> = HashMap::new();
    let mut total: u64 = 0;
    for j in 0..n {
        if j >= k {
            *count.entry(a[j - k]).or_insert(0) += 1;
        }
        total += count.get(&a[j]).copied().unwrap_or(0);
    }
    println!("{}", total);
}
