use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let (mut at, mut cg) = (0i64, 0i64);
    let mut first = -1i64;
    let mut total = 0u64;
    for (i, c) in s.trim().bytes().enumerate() {
        match c {
            b'A' => at += 1,
            b'T' => at -= 1,
            b'C' => cg += 1,
            _ => cg -= 1,
        }
        if at == 0 && cg == 0 {
            total += 1;
            if first < 0 {
                first = i as i64 + 1;
            }
        }
    }
    println!("{} {}", first, total);
}
