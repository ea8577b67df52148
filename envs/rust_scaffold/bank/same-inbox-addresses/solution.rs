use std::collections::HashMap;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let mut cnt: HashMap<String, usize> = HashMap::new();
    for _ in 0..n {
        let a = it.next().unwrap().to_ascii_lowercase();
        let at = a.find('@').unwrap();
        let mut key = String::new();
        for ch in a[..at].chars() {
            if ch == '+' {
                break;
            }
            if ch != '.' {
                key.push(ch);
            }
        }
        key.push_str(&a[at..]);
        *cnt.entry(key).or_insert(0) += 1;
    }
    let best = cnt.values().max().unwrap();
    println!("{} {}", cnt.len(), best);
}
