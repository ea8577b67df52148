use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<usize>().unwrap());
    let n = it.next().unwrap();
    let m = it.next().unwrap();
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
    let mut indeg = vec![0usize; n + 1];
    for _ in 0..m {
        let a = it.next().unwrap();
        let b = it.next().unwrap();
        adj[a].push(b);
        indeg[b] += 1;
    }
    // n is small: pick the smallest available course by a linear scan each time
    let mut done = vec![false; n + 1];
    let mut order = Vec::with_capacity(n);
    for _ in 0..n {
        let mut pick = 0;
        for v in 1..=n {
            if !done[v] && indeg[v] == 0 {
                pick = v;
                break;
            }
        }
        if pick == 0 {
            println!("-1");
            return;
        }
        done[pick] = true;
        order.push(pick);
        for &v in &adj[pick] {
            indeg[v] -= 1;
        }
    }
    let out: Vec<String> = order.iter().map(|v| v.to_string()).collect();
    println!("{}", out.join(" "));
}
