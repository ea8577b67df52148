use std::io::{self, Read};

fn idx(c: u8) -> usize {
    match c {
        b'A' => 0,
        b'C' => 1,
        b'G' => 2,
        _ => 3,
    }
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let s = s.trim().as_bytes();
    let n = s.len();
    let mut cnt = [0usize; 4];
    let mut have = 0;
    let mut left = 0;
    let mut best = usize::MAX;
    let mut start = 0;
    for right in 0..n {
        let c = idx(s[right]);
        if cnt[c] == 0 {
            have += 1;
        }
        cnt[c] += 1;
        while have == 4 {
            if right + 1 - left < best {
                best = right + 1 - left;
                start = left + 1;
            }
            let d = idx(s[left]);
            cnt[d] -= 1;
            if cnt[d] == 0 {
                have -= 1;
            }
            left += 1;
        }
    }
    if best == usize::MAX {
        println!("-1 -1");
    } else {
        println!("{} {}", best, start);
    }
}
