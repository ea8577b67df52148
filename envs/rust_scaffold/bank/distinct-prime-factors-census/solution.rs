use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (n, k) = (v[0], v[1]);
    let mut cnt = vec![0u8; n + 1];
    for p in 2..=n {
        if cnt[p] == 0 {
            let mut m = p;
            while m <= n {
                cnt[m] += 1;
                m += p;
            }
        }
    }
    let mut count = 0u64;
    let mut last: i64 = -1;
    for x in 1..=n {
        if cnt[x] as usize == k {
            count += 1;
            last = x as i64;
        }
    }
    println!("{} {}", count, last);
}
