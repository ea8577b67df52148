use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let mut total: u64 = 0;
    for _ in 0..n {
        let p = it.next().unwrap();
        let dot = p.find('.').unwrap();
        let d: u64 = p[..dot].parse().unwrap();
        let c: u64 = p[dot + 1..].parse().unwrap();
        total += d * 100 + c;
    }
    let r = total % 5;
    let paid = if r <= 2 { total - r } else { total + 5 - r };
    println!("{}.{:02}", paid / 100, paid % 100);
}
