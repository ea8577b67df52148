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
    let mut colour = vec![u8::MAX; n + 1];
    let mut answer = 0usize;
    for start in 1..=n {
        if colour[start] != u8::MAX {
            continue;
        }
        colour[start] = 0;
        let mut count = [0usize; 2];
        let mut q = VecDeque::new();
        q.push_back(start);
        while let Some(u) = q.pop_front() {
            count[colour[u] as usize] += 1;
            for &v in &adj[u] {
                if colour[v] == u8::MAX {
                    colour[v] = 1 - colour[u];
                    q.push_back(v);
                } else if colour[v] == colour[u] {
                    println!("NO");
                    return;
                }
            }
        }
        answer += count[0].min(count[1]);
    }
    println!("YES {}", answer);
}
