use std::io::{self, Read};

const MOD: u64 = 1_000_000_007;

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<usize>().unwrap());
    let n = it.next().unwrap();
    let k = it.next().unwrap();
    let mut bad = vec![false; n + 1];
    for _ in 0..k {
        bad[it.next().unwrap()] = true;
    }
    let mut dp = vec![0u64; n + 1];
    dp[0] = 1;
    for i in 1..=n {
        if bad[i] {
            continue;
        }
        let mut v = dp[i - 1];
        if i >= 2 {
            v += dp[i - 2];
        }
        if i >= 3 {
            v += dp[i - 3];
        }
        dp[i] = v % MOD;
    }
    println!("{}", dp[n]);
}
