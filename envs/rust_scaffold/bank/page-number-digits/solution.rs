use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let n: u64 = s.trim().parse().unwrap();
    let mut cnt = [0u64; 10];
    let mut p = 1u64;
    while p <= n {
        let high = n / (p * 10);
        let cur = n / p % 10;
        let low = n % p;
        for d in 0..10u64 {
            let mut c = high * p;
            if d < cur {
                c += p;
            } else if d == cur {
                c += low + 1;
            }
            if d == 0 {
                // numbers do not start with 0: drop the block with a zero high part
                c -= p;
            }
            cnt[d as usize] += c;
        }
        p *= 10;
    }
    let parts: Vec<String> = cnt.iter().map(|x| x.to_string()).collect();
    println!("{}", parts.join(" "));
}
