use std::io::{self, Read};

const MD: u64 = 1_000_000_007;

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0];
    let top = *v[1..1 + t].iter().max().unwrap();
    // f[n]: full pavings of length n; g[n]: pavings of length n with one corner cell missing
    let mut f = vec![0u64; top + 2];
    let mut g = vec![0u64; top + 2];
    f[0] = 1;
    g[0] = 0;
    for n in 1..=top {
        // f(n) = f(n-2) + 2 g(n-1);  g(n) = f(n-1) + g(n-2)
        let f2 = if n >= 2 { f[n - 2] } else { 0 };
        let g2 = if n >= 2 { g[n - 2] } else { 0 };
        f[n] = (f2 + 2 * g[n - 1]) % MD;
        g[n] = (f[n - 1] + g2) % MD;
    }
    let mut out = String::new();
    for i in 0..t {
        out.push_str(&format!("{}\n", f[v[1 + i]]));
    }
    print!("{}", out);
}
