use std::collections::HashSet;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut seen = HashSet::with_capacity(n);
    for j in 1..=n {
        let x = it.next().unwrap();
        if !seen.insert(x) {
            println!("{} {}", j, x);
            return;
        }
    }
    println!("-1");
}
