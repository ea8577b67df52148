use std::io::{self, Read};

const MD: u64 = 1_000_000_007;

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0];
    let top = *v[1..1 + t].iter().max().unwrap();
    // catalan numbers via C(k) = C(k-1) * 2(2k-1) / (k+1), inverses computed linearly
    let mut inv = vec![1u64; top + 2];
    for i in 2..top + 2 {
        inv[i] = (MD - (MD / i as u64) * inv[(MD % i as u64) as usize] % MD) % MD;
    }
    let mut cat = vec![1u64; top + 1];
    for k in 1..=top {
        cat[k] = cat[k - 1] * (2 * (2 * k as u64 - 1) % MD) % MD * inv[k + 1] % MD;
    }
    let mut out = String::new();
    for i in 0..t {
        out.push_str(&format!("{}\n", cat[v[1 + i]]));
    }
    print!("{}", out);
}
