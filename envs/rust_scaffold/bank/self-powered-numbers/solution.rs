use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (lo, hi) = (v[0], v[1]);
    // pw[d][digit] = digit^d
    let mut pw = [[0u64; 10]; 10];
    for d in 1..10 {
        for g in 0..10u64 {
            pw[d][g as usize] = g.pow(d as u32);
        }
    }
    let mut res: Vec<u64> = Vec::new();
    for x in lo..=hi {
        let mut d = 1;
        let mut t = 10u64;
        while t <= x {
            d += 1;
            t *= 10;
        }
        let mut y = x;
        let mut sum = 0u64;
        while y > 0 {
            sum += pw[d][(y % 10) as usize];
            y /= 10;
        }
        if sum == x {
            res.push(x);
        }
    }
    let mut out = res.len().to_string();
    for x in res {
        out.push(' ');
        out.push_str(&x.to_string());
    }
    println!("{}", out);
}
