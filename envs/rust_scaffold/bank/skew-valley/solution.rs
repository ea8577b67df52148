use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let s = s.trim().as_bytes();
    let mut cur: i64 = 0;
    let (mut lo, mut cnt, mut first, mut last) = (0i64, 1usize, 0usize, 0usize);
    for (i, &c) in s.iter().enumerate() {
        if c == b'G' {
            cur += 1;
        } else if c == b'C' {
            cur -= 1;
        }
        let idx = i + 1;
        if cur < lo {
            lo = cur;
            cnt = 1;
            first = idx;
            last = idx;
        } else if cur == lo {
            cnt += 1;
            last = idx;
        }
    }
    println!("{} {} {} {}", lo, cnt, first, last);
}
