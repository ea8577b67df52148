use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let mut best = 0i64;
    for sign in [1i64, -1] {
        let mut lo = i64::MAX;
        let mut hi = i64::MIN;
        for i in 0..n {
            let val = v[1 + 2 * i] + sign * v[2 + 2 * i];
            lo = lo.min(val);
            hi = hi.max(val);
        }
        best = best.max(hi - lo);
    }
    println!("{}", best);
}
