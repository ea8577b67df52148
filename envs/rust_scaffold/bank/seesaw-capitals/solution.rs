use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let line = s.lines().next().unwrap_or("");
    let mut cap = true;
    let out: String = line
        .chars()
        .map(|c| {
            if c.is_ascii_alphabetic() {
                let r = if cap { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() };
                cap = !cap;
                r
            } else {
                c
            }
        })
        .collect();
    println!("{}", out);
}
