use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let (mut x, mut y, mut best) = (0i64, 0i64, 0i64);
    for c in s.trim().bytes() {
        match c {
            b'N' => y += 1,
            b'S' => y -= 1,
            b'E' => x += 1,
            _ => x -= 1,
        }
        best = best.max(x.abs() + y.abs());
    }
    println!("{} {}", x.abs() + y.abs(), best);
}
