use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let a: Vec<i64> = (0..n).map(|i| v[1 + 2 * i]).collect();
    let b: Vec<i64> = (0..n).map(|i| v[2 + 2 * i]).collect();
    let mut pa = vec![i64::MIN; n + 1];
    let mut pb = vec![i64::MAX; n + 1];
    for i in 0..n {
        pa[i + 1] = pa[i].max(a[i]);
        pb[i + 1] = pb[i].min(b[i]);
    }
    let mut sa = vec![i64::MIN; n + 1];
    let mut sb = vec![i64::MAX; n + 1];
    for i in (0..n).rev() {
        sa[i] = sa[i + 1].max(a[i]);
        sb[i] = sb[i + 1].min(b[i]);
    }
    let mut best = -1i64;
    for i in 0..n {
        let l = pa[i].max(sa[i + 1]);
        let r = pb[i].min(sb[i + 1]);
        if l <= r {
            best = best.max(r - l);
        }
    }
    println!("{}", best);
}
