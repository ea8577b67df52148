use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let k = v[1];
    let mut ev: Vec<(i64, i64)> = Vec::with_capacity(2 * n + 2);
    for i in 0..n {
        ev.push((v[2 + 2 * i], 1));
        ev.push((v[3 + 2 * i], -1));
    }
    ev.push((1_000_000_000, 0));
    ev.sort();
    let mut cur = 0i64;
    let mut prev = 0i64;
    let mut total = 0i64;
    for &(t, d) in &ev {
        if t > prev {
            if cur == k {
                total += t - prev;
            }
            prev = t;
        }
        cur += d;
    }
    println!("{}", total);
}
