use std::io::{self, Read};

fn power(a: u64, mut b: u64, m: u64) -> u64 {
    let m = m as u128;
    let mut base = a as u128 % m;
    let mut r = 1u128 % m;
    while b > 0 {
        if b & 1 == 1 {
            r = r * base % m;
        }
        base = base * base % m;
        b >>= 1;
    }
    r as u64
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let mut out = String::new();
    for i in 0..v[0] as usize {
        out.push_str(&format!("{}\n", power(v[1 + 3 * i], v[2 + 3 * i], v[3 + 3 * i])));
    }
    print!("{}", out);
}
