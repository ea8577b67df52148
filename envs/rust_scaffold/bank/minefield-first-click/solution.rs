use std::collections::VecDeque;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let m: usize = it.next().unwrap().parse().unwrap();
    let r: usize = it.next().unwrap().parse::<usize>().unwrap() - 1;
    let c: usize = it.next().unwrap().parse::<usize>().unwrap() - 1;
    let g: Vec<&[u8]> = (0..n).map(|_| it.next().unwrap().as_bytes()).collect();
    if g[r][c] == b'*' {
        println!("BOOM");
        return;
    }
    let cnt = |i: usize, j: usize| -> usize {
        let mut k = 0;
        for a in i.saturating_sub(1)..=(i + 1).min(n - 1) {
            for b in j.saturating_sub(1)..=(j + 1).min(m - 1) {
                if g[a][b] == b'*' {
                    k += 1;
                }
            }
        }
        k
    };
    let mut vis = vec![vec![false; m]; n];
    vis[r][c] = true;
    let mut q = VecDeque::new();
    q.push_back((r, c));
    let mut total = 0u64;
    while let Some((i, j)) = q.pop_front() {
        total += 1;
        if cnt(i, j) > 0 {
            continue;
        }
        for a in i.saturating_sub(1)..=(i + 1).min(n - 1) {
            for b in j.saturating_sub(1)..=(j + 1).min(m - 1) {
                if !vis[a][b] {
                    vis[a][b] = true;
                    q.push_back((a, b));
                }
            }
        }
    }
    println!("{}", total);
}
