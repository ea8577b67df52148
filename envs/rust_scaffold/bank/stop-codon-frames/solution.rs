use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let s = s.trim().as_bytes();
    let mut cnt = [0u64; 3];
    if s.len() >= 3 {
        for i in 0..=(s.len() - 3) {
            let c = &s[i..i + 3];
            if c == b"TAA" || c == b"TAG" || c == b"TGA" {
                cnt[i % 3] += 1;
            }
        }
    }
    let mut best = 0;
    for f in 1..3 {
        if cnt[f] < cnt[best] {
            best = f;
        }
    }
    println!("{} {} {} {}", cnt[0], cnt[1], cnt[2], best + 1);
}
