use std::cmp::Ordering;
use std::io::{self, Read};

fn cmp(a: &[u64], b: &[u64]) -> Ordering {
    let n = a.len().max(b.len());
    for i in 0..n {
        let x = if i < a.len() { a[i] } else { 0 };
        let y = if i < b.len() { b[i] } else { 0 };
        if x != y {
            return x.cmp(&y);
        }
    }
    Ordering::Equal
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let mut vs: Vec<(Vec<u64>, &str)> = (0..n)
        .map(|_| {
            let v = it.next().unwrap();
            (v.split('.').map(|p| p.parse().unwrap()).collect(), v)
        })
        .collect();
    vs.sort_by(|a, b| cmp(&a.0, &b.0)); // stable
    let mut out = String::new();
    for (_, v) in vs {
        out.push_str(v);
        out.push('\n');
    }
    print!("{}", out);
}
