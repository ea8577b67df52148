use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0];
    let mut head = vec![usize::MAX; n + 1];
    let mut next = vec![usize::MAX; n + 1];
    let mut root = 0;
    for i in 1..=n {
        let p = v[i];
        if p == 0 {
            root = i;
        } else {
            next[i] = head[p];
            head[p] = i;
        }
    }
    // breadth-first by levels
    let mut level = vec![root];
    let mut sizes: Vec<usize> = Vec::new();
    while !level.is_empty() {
        sizes.push(level.len());
        let mut nxt = Vec::new();
        for &u in &level {
            let mut c = head[u];
            while c != usize::MAX {
                nxt.push(c);
                c = next[c];
            }
        }
        level = nxt;
    }
    let mut best = 0;
    for g in 0..sizes.len() {
        if sizes[g] > sizes[best] {
            best = g;
        }
    }
    println!("{} {} {}", sizes.len(), sizes[best], best);
}
