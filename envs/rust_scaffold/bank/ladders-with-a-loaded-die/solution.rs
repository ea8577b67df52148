use std::collections::VecDeque;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0];
    let k = v[1];
    let mut to: Vec<usize> = (0..=n).collect();
    for i in 0..k {
        to[v[2 + 2 * i]] = v[3 + 2 * i];
    }
    let mut dist = vec![-1i64; n + 1];
    dist[1] = 0;
    let mut q = VecDeque::new();
    q.push_back(1usize);
    while let Some(u) = q.pop_front() {
        for r in 1..=6 {
            if u + r > n {
                break;
            }
            let w = to[u + r];
            if dist[w] < 0 {
                dist[w] = dist[u] + 1;
                q.push_back(w);
            }
        }
    }
    println!("{}", dist[n]);
}
