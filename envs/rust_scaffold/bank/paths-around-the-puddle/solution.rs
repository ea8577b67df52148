use std::io::{self, Read};

const MD: u64 = 1_000_000_007;

fn pw(mut b: u64, mut e: u64) -> u64 {
    let mut r = 1u64;
    b %= MD;
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % MD;
        }
        b = b * b % MD;
        e >>= 1;
    }
    r
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0];
    let top = 2_000_001usize;
    let mut f = vec![1u64; top + 1];
    for i in 1..=top {
        f[i] = f[i - 1] * i as u64 % MD;
    }
    let mut fi = vec![1u64; top + 1];
    fi[top] = pw(f[top], MD - 2);
    for i in (1..=top).rev() {
        fi[i - 1] = fi[i] * i as u64 % MD;
    }
    let c = |n: usize, k: usize| f[n] * fi[k] % MD * fi[n - k] % MD;
    let mut out = String::new();
    for i in 0..t {
        let (a, b, x, y) = (v[1 + 4 * i], v[2 + 4 * i], v[3 + 4 * i], v[4 + 4 * i]);
        let all = c(a + b, a);
        let through = c(x + y, x) * c(a - x + b - y, a - x) % MD;
        out.push_str(&format!("{}\n", (all + MD - through) % MD));
    }
    print!("{}", out);
}
