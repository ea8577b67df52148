use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let mut best = "";
    for _ in 0..n {
        let w = it.next().unwrap();
        if w.len() > best.len() {
            best = w;
        }
    }
    println!("{}", best);
}
