use std::collections::HashMap;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let k: usize = it.next().unwrap().parse().unwrap();
    let mut cnt: HashMap<&str, u32> = HashMap::new();
    for _ in 0..n {
        *cnt.entry(it.next().unwrap()).or_insert(0) += 1;
    }
    let mut v: Vec<(&str, u32)> = cnt.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let mut out = String::new();
    for (w, c) in v.into_iter().take(k) {
        out.push_str(&format!("{} {}\n", w, c));
    }
    print!("{}", out);
}
