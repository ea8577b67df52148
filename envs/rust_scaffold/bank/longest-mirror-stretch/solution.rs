use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let s = input.trim().as_bytes();
    let n = s.len();
    let (mut best_len, mut best_start) = (1usize, 0usize);
    for c in 0..n {
        // odd length around c, even length around c, c+1
        for &(mut l, mut r) in &[(c as i64, c as i64), (c as i64, c as i64 + 1)] {
            while l >= 0 && (r as usize) < n && s[l as usize] == s[r as usize] {
                l -= 1;
                r += 1;
            }
            let len = (r - l - 1) as usize;
            let start = (l + 1) as usize;
            if len > best_len || (len == best_len && start < best_start) {
                best_len = len;
                best_start = start;
            }
        }
    }
    println!("{} {}", best_len, best_start + 1);
}
