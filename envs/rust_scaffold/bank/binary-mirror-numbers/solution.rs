use std::io::{self, Read};

fn count(n: u64) -> u64 {
    let len = 64 - n.leading_zeros() as usize; // number of binary digits
    let mut total = 0u64;
    for m in 1..len {
        total += 1u64 << ((m + 1) / 2 - 1);
    }
    // palindromes of the same length: decided by their first ceil(len/2) bits
    let half = (len + 1) / 2;
    let prefix = n >> (len - half);
    total += prefix - (1u64 << (half - 1));
    // build the palindrome from n's own prefix
    let mut pal = prefix;
    let mut rest = if len % 2 == 1 { prefix >> 1 } else { prefix };
    for _ in 0..(len - half) {
        pal = (pal << 1) | (rest & 1);
        rest >>= 1;
    }
    if pal <= n {
        total += 1;
    }
    total
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let mut out = String::new();
    for &n in &v[1..] {
        out.push_str(&format!("{}\n", count(n)));
    }
    print!("{}", out);
}
