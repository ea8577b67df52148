use std::io::{self, Read};

fn parse(t: &str) -> i32 {
    let h: i32 = t[0..2].parse().unwrap();
    let m: i32 = t[3..5].parse().unwrap();
    h * 60 + m
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let now = parse(it.next().unwrap());
    let n: usize = it.next().unwrap().parse().unwrap();
    let mut best = i32::MAX;
    for _ in 0..n {
        let a = parse(it.next().unwrap());
        let wait = if a >= now { a - now } else { a + 1440 - now };
        best = best.min(wait);
    }
    println!("{}", best);
}
