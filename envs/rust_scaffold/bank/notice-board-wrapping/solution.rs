use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let w: usize = it.next().unwrap().parse().unwrap();
    let mut lines = 0usize;
    let mut cur = 0usize; // length of current line, 0 means empty
    let mut best = 0usize;
    for _ in 0..n {
        let len = it.next().unwrap().len();
        if cur == 0 {
            cur = len;
            lines += 1;
        } else if cur + 1 + len <= w {
            cur += 1 + len;
        } else {
            best = best.max(cur);
            cur = len;
            lines += 1;
        }
    }
    best = best.max(cur);
    println!("{} {}", lines, best);
}
