use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let q = v[1] as usize;
    // events: +1 at a, -1 after b; answer queries offline in sorted order
    let mut ev: Vec<(i64, i64)> = Vec::with_capacity(2 * n);
    for i in 0..n {
        ev.push((v[2 + 2 * i], 1));
        ev.push((v[3 + 2 * i] + 1, -1));
    }
    ev.sort();
    let mut qs: Vec<(i64, usize)> = (0..q).map(|j| (v[2 + 2 * n + j], j)).collect();
    qs.sort();
    let mut ans = vec![0i64; q];
    let mut cur = 0i64;
    let mut k = 0;
    for &(x, j) in &qs {
        while k < ev.len() && ev[k].0 <= x {
            cur += ev[k].1;
            k += 1;
        }
        ans[j] = cur;
    }
    let out: Vec<String> = ans.iter().map(|x| x.to_string()).collect();
    println!("{}", out.join(" "));
}
