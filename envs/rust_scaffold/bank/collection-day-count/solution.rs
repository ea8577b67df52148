use std::io::{self, Read};

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u128> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let big = v[1];
    let p = &v[2..2 + n];
    let mut total: i128 = 0;
    for mask in 1u32..(1 << n) {
        let mut l: u128 = 1;
        for i in 0..n {
            if mask >> i & 1 == 1 {
                l = l / gcd(l, p[i]) * p[i];
                if l > big {
                    l = big + 1; // cap: no multiples in range
                }
            }
        }
        let cnt = (big / l) as i128;
        if mask.count_ones() % 2 == 1 {
            total += cnt;
        } else {
            total -= cnt;
        }
    }
    println!("{}", total);
}
