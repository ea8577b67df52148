use std::io::{self, Read};

fn turned(c: u8) -> Option<u8> {
    match c {
        b'0' => Some(b'0'),
        b'1' => Some(b'1'),
        b'8' => Some(b'8'),
        b'6' => Some(b'9'),
        b'9' => Some(b'6'),
        _ => None,
    }
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let b = it.next().unwrap().as_bytes();
        let n = b.len();
        let ok = (0..n).all(|i| turned(b[i]) == Some(b[n - 1 - i]));
        out.push_str(if ok { "YES\n" } else { "NO\n" });
    }
    print!("{}", out);
}
