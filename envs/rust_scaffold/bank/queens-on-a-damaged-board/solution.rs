use std::io::{self, Read};

fn go(r: usize, n: usize, free: &[u32], cols: u32, d1: u32, d2: u32) -> u64 {
    if r == n {
        return 1;
    }
    // d1 and d2 are shifted so that bit c means "column c attacked on this row"
    let mut avail = free[r] & !(cols | d1 | d2) & ((1u32 << n) - 1);
    let mut total = 0;
    while avail != 0 {
        let bit = avail & avail.wrapping_neg();
        avail ^= bit;
        total += go(r + 1, n, free, cols | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
    }
    total
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let free: Vec<u32> = (0..n)
        .map(|_| {
            let row = it.next().unwrap().as_bytes();
            (0..n).filter(|&c| row[c] == b'.').map(|c| 1u32 << c).sum()
        })
        .collect();
    println!("{}", go(0, n, &free, 0, 0, 0));
}
