use std::io::{self, Read};

fn purine(c: u8) -> bool {
    c == b'A' || c == b'G'
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let a = it.next().unwrap().as_bytes();
    let b = it.next().unwrap().as_bytes();
    let (mut ts, mut tv) = (0u64, 0u64);
    for i in 0..a.len() {
        if a[i] != b[i] {
            if purine(a[i]) == purine(b[i]) {
                ts += 1;
            } else {
                tv += 1;
            }
        }
    }
    println!("{} {}", ts, tv);
}
