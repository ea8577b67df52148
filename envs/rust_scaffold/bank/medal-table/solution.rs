use std::cmp::Reverse;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let mut rows: Vec<(Reverse<u32>, Reverse<u32>, Reverse<u32>, String)> = Vec::with_capacity(n);
    for _ in 0..n {
        let c = it.next().unwrap().to_string();
        let g: u32 = it.next().unwrap().parse().unwrap();
        let sv: u32 = it.next().unwrap().parse().unwrap();
        let b: u32 = it.next().unwrap().parse().unwrap();
        rows.push((Reverse(g), Reverse(sv), Reverse(b), c));
    }
    rows.sort();
    let mut out = String::new();
    for r in rows {
        out.push_str(&r.3);
        out.push('\n');
    }
    print!("{}", out);
}
