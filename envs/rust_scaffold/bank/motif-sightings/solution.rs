use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let g = it.next().unwrap().as_bytes();
    let m = it.next().unwrap().as_bytes();
    let (mut cnt, mut first, mut last) = (0u64, -1i64, -1i64);
    if m.len() <= g.len() {
        for i in 0..=(g.len() - m.len()) {
            if &g[i..i + m.len()] == m {
                cnt += 1;
                if first < 0 {
                    first = i as i64 + 1;
                }
                last = i as i64 + 1;
            }
        }
    }
    println!("{} {} {}", cnt, first, last);
}
