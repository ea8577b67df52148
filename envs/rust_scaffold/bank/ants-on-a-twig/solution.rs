use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let l: i64 = it.next().unwrap().parse().unwrap();
    let mut latest = 0i64;
    let mut to_left = 0usize;
    for _ in 0..n {
        let x: i64 = it.next().unwrap().parse().unwrap();
        let d = it.next().unwrap();
        let t = if d == "L" {
            to_left += 1;
            x
        } else {
            l - x
        };
        latest = latest.max(t);
    }
    println!("{} {}", latest, to_left);
}
