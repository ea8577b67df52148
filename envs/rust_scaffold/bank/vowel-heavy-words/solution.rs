use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let mut count = 0;
    for _ in 0..n {
        let w = it.next().unwrap();
        let v = w.bytes().filter(|c| b"aeiou".contains(c)).count();
        if 2 * v > w.len() {
            count += 1;
        }
    }
    println!("{}", count);
}
