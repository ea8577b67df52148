use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let par: Vec<usize> = (0..=n).map(|i| if i == 0 { 0 } else { v[i] as usize }).collect();
    let mut sum: Vec<i64> = (0..=n).map(|i| if i == 0 { 0 } else { v[n + i] }).collect();
    // children lists, BFS order from the root, then accumulate in reverse order
    let mut head = vec![0usize; n + 1];
    let mut next = vec![0usize; n + 1];
    let mut root = 0;
    for i in 1..=n {
        if par[i] == 0 {
            root = i;
        } else {
            next[i] = head[par[i]];
            head[par[i]] = i;
        }
    }
    let mut order = Vec::with_capacity(n);
    order.push(root);
    let mut k = 0;
    while k < order.len() {
        let u = order[k];
        k += 1;
        let mut c = head[u];
        while c != 0 {
            order.push(c);
            c = next[c];
        }
    }
    for &u in order.iter().rev() {
        if par[u] != 0 {
            sum[par[u]] += sum[u];
        }
    }
    let mut best = 1;
    for i in 2..=n {
        if sum[i] > sum[best] {
            best = i;
        }
    }
    println!("{} {}", sum[best], best);
}
