use std::io::{self, Read, Write};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let q: usize = it.next().unwrap().parse().unwrap();
    let digits = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut out = String::new();
    for _ in 0..q {
        let a: u64 = it.next().unwrap().parse().unwrap();
        let b: u64 = it.next().unwrap().parse().unwrap();
        let x = it.next().unwrap();
        let mut v: u64 = 0;
        for c in x.bytes() {
            let d = if c.is_ascii_digit() { c - b'0' } else { c - b'A' + 10 } as u64;
            v = v * a + d;
        }
        let mut buf = Vec::new();
        if v == 0 {
            buf.push(b'0');
        }
        while v > 0 {
            buf.push(digits[(v % b) as usize]);
            v /= b;
        }
        buf.reverse();
        out.push_str(std::str::from_utf8(&buf).unwrap());
        out.push('\n');
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
