use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0];
    let m = v[1];
    let a = |i: usize, j: usize| v[2 + (i - 1) * m + (j - 1)];
    let mut out: Vec<String> = Vec::with_capacity(n * m);
    for d in 2..=n + m {
        let lo = if d > m { d - m } else { 1 };
        let hi = (d - 1).min(n);
        if d % 2 == 0 {
            for i in (lo..=hi).rev() {
                out.push(a(i, d - i).to_string());
            }
        } else {
            for i in lo..=hi {
                out.push(a(i, d - i).to_string());
            }
        }
    }
    println!("{}", out.join(" "));
}
