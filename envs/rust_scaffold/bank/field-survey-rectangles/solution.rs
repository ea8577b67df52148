use std::io::{self, Read, Write};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let m: usize = it.next().unwrap().parse().unwrap();
    let q: usize = it.next().unwrap().parse().unwrap();
    let w = m + 1;
    let mut pre = vec![0i64; (n + 1) * w];
    for i in 1..=n {
        let row = it.next().unwrap().as_bytes();
        for j in 1..=m {
            let v = (row[j - 1] - b'0') as i64;
            pre[i * w + j] = v + pre[(i - 1) * w + j] + pre[i * w + j - 1] - pre[(i - 1) * w + j - 1];
        }
    }
    let mut out = String::new();
    for _ in 0..q {
        let r1: usize = it.next().unwrap().parse().unwrap();
        let c1: usize = it.next().unwrap().parse().unwrap();
        let r2: usize = it.next().unwrap().parse().unwrap();
        let c2: usize = it.next().unwrap().parse().unwrap();
        let v = pre[r2 * w + c2] - pre[(r1 - 1) * w + c2] - pre[r2 * w + c1 - 1] + pre[(r1 - 1) * w + c1 - 1];
        out.push_str(&v.to_string());
        out.push('\n');
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
