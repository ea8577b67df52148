use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0];
    let mut head = vec![0usize; n + 1];
    let mut next = vec![0usize; n + 1];
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
    let mut order = vec![root];
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
    // down[u] = longest downward path from u (in links)
    let mut down = vec![0usize; n + 1];
    let mut best = 0usize;
    for &u in order.iter().rev() {
        let (mut a, mut b) = (0usize, 0usize);
        let mut c = head[u];
        while c != 0 {
            let d = down[c] + 1;
            if d > a {
                b = a;
                a = d;
            } else if d > b {
                b = d;
            }
            c = next[c];
        }
        down[u] = a;
        best = best.max(a + b);
    }
    println!("{}", best);
}
