use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let mut total: u64 = 0;
    for _ in 0..n {
        let t = it.next().unwrap();
        let mut p = t.split(':');
        let m: u64 = p.next().unwrap().parse().unwrap();
        let sec: u64 = p.next().unwrap().parse().unwrap();
        total += m * 60 + sec;
    }
    println!("{}:{:02}:{:02}", total / 3600, total % 3600 / 60, total % 60);
}
