use std::collections::HashMap;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let m: usize = it.next().unwrap().parse().unwrap();
    let names: Vec<&str> = (0..n).map(|_| it.next().unwrap()).collect();
    let idx: HashMap<&str, usize> = names.iter().enumerate().map(|(i, &x)| (x, i)).collect();
    // points, scored, conceded
    let mut st = vec![(0i64, 0i64, 0i64); n];
    for _ in 0..m {
        let h = idx[it.next().unwrap()];
        let a = idx[it.next().unwrap()];
        let x: i64 = it.next().unwrap().parse().unwrap();
        let y: i64 = it.next().unwrap().parse().unwrap();
        st[h].1 += x;
        st[h].2 += y;
        st[a].1 += y;
        st[a].2 += x;
        if x > y {
            st[h].0 += 3;
        } else if y > x {
            st[a].0 += 3;
        } else {
            st[h].0 += 1;
            st[a].0 += 1;
        }
    }
    let mut ord: Vec<usize> = (0..n).collect();
    ord.sort_by(|&i, &j| {
        let (pi, fi, ci) = st[i];
        let (pj, fj, cj) = st[j];
        pj.cmp(&pi)
            .then((fj - cj).cmp(&(fi - ci)))
            .then(fj.cmp(&fi))
            .then(names[i].cmp(names[j]))
    });
    let mut out = String::new();
    for i in ord {
        out.push_str(&format!("{} {} {}\n", names[i], st[i].0, st[i].1 - st[i].2));
    }
    print!("{}", out);
}
