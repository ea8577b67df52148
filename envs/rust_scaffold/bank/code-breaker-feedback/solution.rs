use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let code = it.next().unwrap().as_bytes().to_vec();
    let q: usize = it.next().unwrap().parse().unwrap();
    let mut cc = [0i32; 10];
    for &c in &code {
        cc[(c - b'0') as usize] += 1;
    }
    let mut out = String::new();
    for _ in 0..q {
        let g = it.next().unwrap().as_bytes();
        let mut gc = [0i32; 10];
        let mut hits = 0;
        for i in 0..g.len() {
            gc[(g[i] - b'0') as usize] += 1;
            if g[i] == code[i] {
                hits += 1;
            }
        }
        let common: i32 = (0..10).map(|d| cc[d].min(gc[d])).sum();
        out.push_str(&format!("{} {}\n", hits, common - hits));
    }
    print!("{}", out);
}
