use std::io::{self, Read};

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn outcome(x: u8, y: u8) -> usize {
    if x == y {
        2
    } else if (x == b'R' && y == b'S') || (x == b'S' && y == b'P') || (x == b'P' && y == b'R') {
        0
    } else {
        1
    }
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: u64 = it.next().unwrap().parse().unwrap();
    let a = it.next().unwrap().as_bytes();
    let b = it.next().unwrap().as_bytes();
    let (p, q) = (a.len() as u64, b.len() as u64);
    let l = p / gcd(p, q) * q;
    let cycles = n / l;
    let rest = n % l;
    let mut res = [0u64; 3];
    for i in 0..l {
        let o = outcome(a[(i % p) as usize], b[(i % q) as usize]);
        res[o] += cycles;
        if i < rest {
            res[o] += 1;
        }
    }
    println!("{} {} {}", res[0], res[1], res[2]);
}
