use std::io::{self, Read};

fn find(p: &mut Vec<usize>, mut x: usize) -> usize {
    while p[x] != x {
        p[x] = p[p[x]];
        x = p[x];
    }
    x
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<usize>().unwrap());
    let n = it.next().unwrap();
    let m = it.next().unwrap();
    let mut p: Vec<usize> = (0..=n).collect();
    let mut sz = vec![1usize; n + 1];
    let mut groups = n;
    for _ in 0..m {
        let a = find(&mut p, it.next().unwrap());
        let b = find(&mut p, it.next().unwrap());
        if a != b {
            let (big, small) = if sz[a] >= sz[b] { (a, b) } else { (b, a) };
            p[small] = big;
            sz[big] += sz[small];
            groups -= 1;
        }
    }
    let mut best = 0;
    for v in 1..=n {
        if p[v] == v && sz[v] > best {
            best = sz[v];
        }
    }
    println!("{} {}", groups, best);
}
