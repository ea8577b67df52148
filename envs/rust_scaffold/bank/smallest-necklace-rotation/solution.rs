use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let s = input.trim().as_bytes();
    let n = s.len();
    let mut best = 0usize;
    for k in 1..n {
        // compare rotation k with rotation best, letter by letter
        for i in 0..n {
            let (a, b) = (s[(k + i) % n], s[(best + i) % n]);
            if a != b {
                if a < b {
                    best = k;
                }
                break;
            }
        }
    }
    let rot: Vec<u8> = (0..n).map(|i| s[(best + i) % n]).collect();
    println!("{}", String::from_utf8(rot).unwrap());
}
