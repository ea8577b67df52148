use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let w = &v[1..=n];
    // compress values, then a Fenwick tree counts earlier ducklings heavier than the current one
    let mut sorted: Vec<u64> = w.to_vec();
    sorted.sort();
    sorted.dedup();
    let m = sorted.len();
    let mut bit = vec![0u64; m + 1];
    let mut total: u64 = 0;
    for (i, &x) in w.iter().enumerate() {
        let r = sorted.binary_search(&x).unwrap() + 1;
        // number of earlier values <= x
        let mut le = 0u64;
        let mut j = r;
        while j > 0 {
            le += bit[j];
            j &= j - 1;
        }
        total += i as u64 - le;
        let mut j = r;
        while j <= m {
            bit[j] += 1;
            j += j & j.wrapping_neg();
        }
    }
    println!("{}", total);
}
