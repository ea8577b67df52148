use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut lines = s.lines();
    let k: u8 = lines.next().unwrap().trim().parse().unwrap();
    let note = lines.next().unwrap_or("").trim_end();
    let dec: String = note
        .bytes()
        .map(|c| {
            if c == b' ' {
                ' '
            } else {
                (b'a' + (c - b'a' + 26 - k) % 26) as char
            }
        })
        .collect();
    println!("{}", dec);
}
