use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let w = &v[1..];
    // the common remainder is the one shared by at least two of the first three
    let (a, b, c) = (w[0] % 3, w[1] % 3, w[2] % 3);
    let common = if a == b || a == c { a } else { b };
    let pos = w.iter().position(|x| x % 3 != common).unwrap();
    println!("{}", pos + 1);
}
