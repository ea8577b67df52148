use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut x: u64 = s.trim().parse().unwrap();
    let mut steps = 0;
    while x >= 10 {
        let mut p: u64 = 1;
        let mut y = x;
        while y > 0 {
            p *= y % 10;
            y /= 10;
        }
        x = p;
        steps += 1;
    }
    println!("{} {}", steps, x);
}
