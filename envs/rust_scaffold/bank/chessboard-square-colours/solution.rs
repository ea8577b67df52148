use std::io::{self, Read};

fn dark(sq: &[u8]) -> bool {
    // a1: column 0, row 0 -> parity even -> dark
    ((sq[0] - b'a') + (sq[1] - b'1')) % 2 == 0
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let a = dark(it.next().unwrap().as_bytes());
        let b = dark(it.next().unwrap().as_bytes());
        out.push_str(if a == b { "same " } else { "different " });
        out.push_str(if a { "dark\n" } else { "light\n" });
    }
    print!("{}", out);
}
