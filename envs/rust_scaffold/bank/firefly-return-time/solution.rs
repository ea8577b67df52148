use std::io::{self, Read};

const MOD: u64 = 1_000_000_007;

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0];
    let mut seen = vec![false; n + 1];
    // best[q] = largest exponent of prime q among the cycle lengths
    let mut spf = vec![0usize; n + 1];
    for i in 2..=n {
        if spf[i] == 0 {
            let mut j = i;
            while j <= n {
                if spf[j] == 0 {
                    spf[j] = i;
                }
                j += i;
            }
        }
    }
    let mut best = vec![0u32; n + 1];
    for i in 1..=n {
        if seen[i] {
            continue;
        }
        let mut len = 0usize;
        let mut j = i;
        while !seen[j] {
            seen[j] = true;
            j = v[j];
            len += 1;
        }
        let mut x = len;
        while x > 1 {
            let q = spf[x];
            let mut e = 0;
            while x % q == 0 {
                x /= q;
                e += 1;
            }
            if e > best[q] {
                best[q] = e;
            }
        }
    }
    let mut ans = 1u64;
    for q in 2..=n {
        for _ in 0..best[q] {
            ans = ans * q as u64 % MOD;
        }
    }
    println!("{}", ans);
}
