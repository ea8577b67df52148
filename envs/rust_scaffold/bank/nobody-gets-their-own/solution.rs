use std::io::{self, Read};

const MD: u64 = 1_000_000_007;

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0];
    let top = *v[1..1 + t].iter().max().unwrap();
    // D(n) = (n-1) * (D(n-1) + D(n-2))
    let mut d = vec![0u64; top.max(2) + 1];
    d[0] = 1;
    d[1] = 0;
    for n in 2..=top {
        d[n] = (n as u64 - 1) * ((d[n - 1] + d[n - 2]) % MD) % MD;
    }
    let mut out = String::new();
    for i in 0..t {
        out.push_str(&format!("{}\n", d[v[1 + i]]));
    }
    print!("{}", out);
}
