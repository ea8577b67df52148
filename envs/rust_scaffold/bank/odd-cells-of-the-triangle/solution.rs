use std::io::{self, Read, Write};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let q = v[0] as usize;
    let mut out = String::new();
    for i in 0..q {
        let n = v[1 + i];
        // C(n, k) is odd exactly when the bits of k are a subset of the bits of n
        let cnt: u64 = 1u64 << n.count_ones();
        out.push_str(&cnt.to_string());
        out.push('\n');
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
