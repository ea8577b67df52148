use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let c = &v[1..=n];
    let mut count = 0u64;
    let mut best = -1i64;
    for i in 1..n.saturating_sub(1) {
        if c[i - 1] < c[i] && c[i] > c[i + 1] {
            count += 1;
            best = best.max(c[i]);
        }
    }
    println!("{} {}", count, best);
}
