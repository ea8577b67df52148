use std::io::{self, Read};

fn code(c: u8) -> usize {
    match c {
        b'A' => 0,
        b'C' => 1,
        b'G' => 2,
        _ => 3,
    }
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let k: usize = it.next().unwrap().parse().unwrap();
    let g = it.next().unwrap().as_bytes();
    // base-4 codes keep the alphabetical order of the k-mers
    let size = 1usize << (2 * k);
    let mask = size - 1;
    let mut cnt = vec![0u32; size];
    let mut h = 0usize;
    for i in 0..n {
        h = ((h << 2) | code(g[i])) & mask;
        if i + 1 >= k {
            cnt[h] += 1;
        }
    }
    let mut distinct = 0;
    let mut best = 0usize;
    for c in 0..size {
        if cnt[c] > 0 {
            distinct += 1;
        }
        if cnt[c] > cnt[best] {
            best = c;
        }
    }
    let letters = [b'A', b'C', b'G', b'T'];
    let mut w = vec![0u8; k];
    let mut x = best;
    for j in (0..k).rev() {
        w[j] = letters[x & 3];
        x >>= 2;
    }
    println!("{} {} {}", distinct, String::from_utf8(w).unwrap(), cnt[best]);
}
