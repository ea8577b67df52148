use std::io::{self, Read};

const MOD: u64 = 1_000_000_007;

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<usize>().unwrap());
    let k = it.next().unwrap();
    let a = it.next().unwrap();
    let vals: Vec<usize> = (0..k).map(|_| it.next().unwrap()).collect();
    // process stamp values one at a time so that each multiset is counted once
    let mut ways = vec![0u64; a + 1];
    ways[0] = 1;
    for &v in &vals {
        for total in v..=a {
            ways[total] = (ways[total] + ways[total - v]) % MOD;
        }
    }
    println!("{}", ways[a]);
}
