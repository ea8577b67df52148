use std::io::{self, Read};

const MD: u64 = 1_000_000_007;

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (n, f, target) = (v[0], v[1], v[2]);
    let mut dp = vec![0u64; target + 1];
    dp[0] = 1;
    for _ in 0..n {
        let mut pre = vec![0u64; target + 2];
        for i in 0..=target {
            pre[i + 1] = (pre[i] + dp[i]) % MD;
        }
        let mut nd = vec![0u64; target + 1];
        for x in 1..=target {
            let lo = if x >= f { x - f } else { 0 };
            // sum dp[lo..x-1]
            nd[x] = (pre[x] + MD - pre[lo]) % MD;
        }
        dp = nd;
    }
    println!("{}", dp[target]);
}
