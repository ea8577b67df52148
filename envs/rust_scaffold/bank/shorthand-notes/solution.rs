use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let b = s.trim().as_bytes();
    let mut out = String::with_capacity(b.len() + 1);
    let mut i = 0;
    while i < b.len() {
        let mut j = i;
        while j < b.len() && b[j] == b[i] {
            j += 1;
        }
        out.push(b[i] as char);
        if j - i > 1 {
            out.push_str(&(j - i).to_string());
        }
        i = j;
    }
    println!("{}", out);
}
