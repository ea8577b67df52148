use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let _n: usize = it.next().unwrap().parse().unwrap();
    let b = it.next().unwrap().as_bytes();
    // mismatches against the pattern starting with 'W'; the other pattern gets the rest
    let start_w = b
        .iter()
        .enumerate()
        .filter(|(i, &c)| c != if i % 2 == 0 { b'W' } else { b'B' })
        .count();
    println!("{}", start_w.min(b.len() - start_w));
}
