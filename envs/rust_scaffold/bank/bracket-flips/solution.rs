use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let b = s.trim().as_bytes();
    if b.len() % 2 == 1 {
        println!("-1");
        return;
    }
    // greedy: flip a ')' that would go below zero; at the end flip half the surplus '('
    let mut depth = 0i64;
    let mut flips = 0i64;
    for &c in b {
        if c == b'(' {
            depth += 1;
        } else if depth == 0 {
            flips += 1;
            depth = 1;
        } else {
            depth -= 1;
        }
    }
    flips += depth / 2;
    println!("{}", flips);
}
