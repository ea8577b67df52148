use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    const M: u64 = 1_000_000_007;
    let n = v[3] as usize;
    let mut p = vec![0u64; n.max(3) + 1];
    p[1] = v[0] % M;
    p[2] = v[1] % M;
    p[3] = v[2] % M;
    for d in 4..=n {
        p[d] = (p[d - 1] + p[d - 2] + p[d - 3]) % M;
    }
    println!("{}", p[n]);
}
