use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut seen = [false; 26];
    for c in s.bytes() {
        if c.is_ascii_alphabetic() {
            seen[(c.to_ascii_lowercase() - b'a') as usize] = true;
        }
    }
    let missing: String = (0..26u8).filter(|&i| !seen[i as usize]).map(|i| (b'a' + i) as char).collect();
    println!("{}", if missing.is_empty() { "none".to_string() } else { missing });
}
