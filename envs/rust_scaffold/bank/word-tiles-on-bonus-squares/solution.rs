use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let w = it.next().unwrap().as_bytes();
        let sq = it.next().unwrap().as_bytes();
        let mut sum: u64 = 0;
        let mut factor: u64 = 1;
        for i in 0..w.len() {
            let v: u64 = match w[i] {
                b'a' | b'e' | b'i' | b'o' | b'u' => 1,
                b'q' | b'x' | b'z' => 10,
                _ => 3,
            };
            let lm = match sq[i] {
                b'd' => 2,
                b't' => 3,
                _ => 1,
            };
            if sq[i] == b'D' {
                factor *= 2;
            }
            if sq[i] == b'T' {
                factor *= 3;
            }
            sum += v * lm;
        }
        out.push_str(&format!("{}\n", sum * factor));
    }
    print!("{}", out);
}
