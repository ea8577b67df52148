use std::io::{self, Read};

fn comp(c: u8) -> u8 {
    match c {
        b'A' => b'T',
        b'T' => b'A',
        b'C' => b'G',
        _ => b'C',
    }
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let s = s.trim().as_bytes();
    let n = s.len();
    let mut cnt = 0u64;
    // a mirror site has even length; expand around each centre between positions c-1 and c
    for c in 1..n {
        let mut half = 0;
        while half < 6 && c >= half + 1 && c + half < n && s[c - 1 - half] == comp(s[c + half]) {
            half += 1;
            if half >= 2 {
                cnt += 1;
            }
        }
    }
    println!("{}", cnt);
}
