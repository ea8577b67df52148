use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let k: usize = it.next().unwrap().parse().unwrap();
    let mut cur: Vec<u8> = it.next().unwrap().bytes().map(|c| c - b'0').collect();
    let mut nxt = vec![0u8; n];
    for _ in 0..k {
        for i in 0..n {
            let l = cur[(i + n - 1) % n];
            let r = cur[(i + 1) % n];
            nxt[i] = l ^ r;
        }
        std::mem::swap(&mut cur, &mut nxt);
    }
    let out: String = cur.iter().map(|&b| (b'0' + b) as char).collect();
    let cnt = cur.iter().filter(|&&b| b == 1).count();
    println!("{}\n{}", out, cnt);
}
