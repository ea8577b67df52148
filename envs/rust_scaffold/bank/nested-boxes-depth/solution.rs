use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let (mut depth, mut best, mut top) = (0i64, 0i64, 0i64);
    for c in s.trim().bytes() {
        if c == b'(' {
            depth += 1;
            best = best.max(depth);
        } else {
            depth -= 1;
            if depth == 0 {
                top += 1;
            }
        }
    }
    println!("{} {}", best, top);
}
