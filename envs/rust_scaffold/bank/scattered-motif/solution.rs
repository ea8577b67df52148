use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let g = it.next().unwrap().as_bytes();
    let m = it.next().unwrap().as_bytes();
    let mut pos: Vec<String> = Vec::new();
    let mut j = 0;
    for (i, &c) in g.iter().enumerate() {
        if j < m.len() && c == m[j] {
            pos.push((i + 1).to_string());
            j += 1;
        }
    }
    if j < m.len() {
        println!("-1");
    } else {
        println!("{}", pos.join(" "));
    }
}
