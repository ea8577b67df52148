use std::collections::VecDeque;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<usize>().unwrap());
    let n = it.next().unwrap();
    let m = it.next().unwrap();
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
    for _ in 0..m {
        let a = it.next().unwrap();
        let b = it.next().unwrap();
        adj[a].push(b);
        adj[b].push(a);
    }
    let mut dist = vec![i64::MAX; n + 1];
    dist[1] = 0;
    let mut q = VecDeque::from(vec![1usize]);
    while let Some(u) = q.pop_front() {
        if u == n {
            break;
        }
        for &v in &adj[u] {
            if dist[v] == i64::MAX {
                dist[v] = dist[u] + 1;
                q.push_back(v);
            }
        }
    }
    println!("{}", if dist[n] == i64::MAX { -1 } else { dist[n] });
}
