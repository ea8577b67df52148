use std::io::{self, Read};

// ones in 0..=n, by peeling off the highest bit
fn ones(n: u64) -> u128 {
    if n == 0 {
        return 0;
    }
    let k = 63 - n.leading_zeros() as u64; // highest bit
    let below = if k == 0 { 0u128 } else { (k as u128) << (k - 1) }; // ones in 0..2^k-1
    let rest = n - (1u64 << k);
    below + (rest as u128 + 1) + ones(rest)
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        out.push_str(&format!("{}\n", ones(v[1 + i])));
    }
    print!("{}", out);
}
