use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let mut diff: i64 = 0;
    for i in 0..n {
        diff += v[1 + i * n + i];
        diff -= v[1 + i * n + (n - 1 - i)];
    }
    println!("{}", diff.abs());
}
