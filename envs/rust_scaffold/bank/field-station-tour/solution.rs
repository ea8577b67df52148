use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let m = n + 1;
    let t = |i: usize, j: usize| v[1 + i * m + j];
    // dp over subsets of stations: dp[mask][last]
    let full = 1usize << n;
    let inf = i64::MAX / 4;
    let mut dp = vec![vec![inf; n]; full];
    for j in 0..n {
        dp[1 << j][j] = t(0, j + 1);
    }
    for mask in 1..full {
        for last in 0..n {
            let cur = dp[mask][last];
            if cur == inf || mask & (1 << last) == 0 {
                continue;
            }
            for nx in 0..n {
                if mask & (1 << nx) == 0 {
                    let nm = mask | (1 << nx);
                    let c = cur + t(last + 1, nx + 1);
                    if c < dp[nm][nx] {
                        dp[nm][nx] = c;
                    }
                }
            }
        }
    }
    let best = (0..n).map(|j| dp[full - 1][j] + t(j + 1, 0)).min().unwrap();
    println!("{}", best);
}
