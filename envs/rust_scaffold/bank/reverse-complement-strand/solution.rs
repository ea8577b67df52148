use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let s = s.trim().as_bytes();
    let r: Vec<u8> = s
        .iter()
        .rev()
        .map(|&c| match c {
            b'A' => b'T',
            b'T' => b'A',
            b'C' => b'G',
            _ => b'C',
        })
        .collect();
    let same = r.as_slice() == s;
    println!("{}", String::from_utf8(r).unwrap());
    println!("{}", if same { "YES" } else { "NO" });
}
