use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let w = v[1];
    let m = &v[2..2 + n];
    // sum over all subsets, built incrementally: sum[mask] = sum[mask without lowest bit] + m[bit]
    let total = 1usize << n;
    let mut sum = vec![0i64; total];
    let mut count = if w == 0 { 1u64 } else { 0 };
    for mask in 1..total {
        let low = mask.trailing_zeros() as usize;
        sum[mask] = sum[mask & (mask - 1)] + m[low];
        if sum[mask] == w {
            count += 1;
        }
    }
    println!("{}", count);
}
