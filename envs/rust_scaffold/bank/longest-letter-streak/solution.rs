use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let b = s.trim().as_bytes();
    let mut best = (b[0], 0usize);
    let mut i = 0;
    while i < b.len() {
        let mut j = i;
        while j < b.len() && b[j] == b[i] {
            j += 1;
        }
        if j - i > best.1 {
            best = (b[i], j - i);
        }
        i = j;
    }
    println!("{} {}", best.0 as char, best.1);
}
