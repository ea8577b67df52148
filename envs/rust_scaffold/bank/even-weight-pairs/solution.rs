use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    // count pairs on the fly: each sack pairs with the earlier sacks of the same parity
    let mut seen = [0u64; 2];
    let mut pairs = 0u64;
    for &w in &v[1..] {
        let p = (w % 2) as usize;
        pairs += seen[p];
        seen[p] += 1;
    }
    println!("{}", pairs);
}
