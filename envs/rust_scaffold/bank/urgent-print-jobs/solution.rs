use std::collections::VecDeque;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0];
    let k = v[1];
    let mut cnt = [0usize; 10];
    let mut q: VecDeque<(usize, usize)> = VecDeque::new();
    for i in 0..n {
        q.push_back((v[2 + i], i + 1));
        cnt[v[2 + i]] += 1;
    }
    let mut minute = 0;
    loop {
        let top = (1..10).rev().find(|&u| cnt[u] > 0).unwrap();
        let (u, id) = q.pop_front().unwrap();
        if u < top {
            q.push_back((u, id));
            continue;
        }
        cnt[u] -= 1;
        minute += 1;
        if id == k {
            println!("{}", minute);
            return;
        }
    }
}
