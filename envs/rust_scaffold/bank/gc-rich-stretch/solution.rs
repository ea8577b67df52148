use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let k: usize = it.next().unwrap().parse().unwrap();
    let g: Vec<u32> = it
        .next()
        .unwrap()
        .bytes()
        .map(|c| if c == b'G' || c == b'C' { 1 } else { 0 })
        .collect();
    let mut cur: u32 = g[..k].iter().sum();
    let (mut best, mut pos) = (cur, 1usize);
    for i in k..n {
        cur = cur + g[i] - g[i - k];
        if cur > best {
            best = cur;
            pos = i - k + 2;
        }
    }
    println!("{} {}", best, pos);
}
