use std::io::{self, Read, Write};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0];
    let q = v[1];
    let par: Vec<usize> = (0..=n).map(|i| if i == 0 { 0 } else { v[1 + i] }).collect();
    // depth of every species, computed by walking up with memoisation
    let mut depth = vec![usize::MAX; n + 1];
    for i in 1..=n {
        let mut path = Vec::new();
        let mut x = i;
        while x != 0 && depth[x] == usize::MAX {
            path.push(x);
            x = par[x];
        }
        let mut d = if x == 0 { 0 } else { depth[x] + 1 };
        for &y in path.iter().rev() {
            depth[y] = d;
            d += 1;
        }
    }
    let mut out = String::new();
    for i in 0..q {
        let (mut a, mut b) = (v[2 + n + 2 * i], v[3 + n + 2 * i]);
        let (a0, b0) = (a, b);
        while depth[a] > depth[b] {
            a = par[a];
        }
        while depth[b] > depth[a] {
            b = par[b];
        }
        while a != b {
            a = par[a];
            b = par[b];
        }
        let dist = depth[a0] + depth[b0] - 2 * depth[a];
        out.push_str(&format!("{} {}\n", a, dist));
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
