use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let x = it.next().unwrap().as_bytes();
    let k: u64 = it.next().unwrap().parse().unwrap();
    let d = x.len();
    let mut cnt = 0;
    for i in 0..d {
        let mut r: u64 = 0;
        for j in 0..d {
            let digit = (x[(i + j) % d] - b'0') as u64;
            r = (r * 10 + digit) % k;
        }
        if r == 0 {
            cnt += 1;
        }
    }
    println!("{}", cnt);
}
