use std::io::{self, Read};

const MOD: u64 = 1_000_000_007;

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let m: usize = it.next().unwrap().parse().unwrap();
    let mut ways = vec![0u64; m];
    for i in 0..n {
        let row = it.next().unwrap().as_bytes();
        for j in 0..m {
            if row[j] == b'#' {
                ways[j] = 0;
            } else if i == 0 && j == 0 {
                ways[j] = 1;
            } else if j > 0 {
                ways[j] = (ways[j] + ways[j - 1]) % MOD;
            }
        }
    }
    println!("{}", ways[m - 1]);
}
