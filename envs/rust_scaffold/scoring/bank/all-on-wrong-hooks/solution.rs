use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (n, m) = (v[0], v[1]);
    // d[k]: arrangements of k coats with none on its own hook
    let mut d = vec![0u64; n + 1];
    d[0] = 1;
    if n >= 1 {
        d[1] = 0;
    }
    for k in 2..=n {
        d[k] = (k as u64 - 1) * (d[k - 1] + d[k - 2]);
    }
    // binomial coefficient C(n, m)
    let mut c: u64 = 1;
    for i in 0..m {
        c = c * (n - i) as u64 / (i + 1) as u64;
    }
    println!("{}", c * d[n - m]);
}
