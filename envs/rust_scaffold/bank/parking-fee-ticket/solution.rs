use std::io::{self, Read};

fn mins(s: &str) -> i64 {
    let h: i64 = s[0..2].parse().unwrap();
    let m: i64 = s[3..5].parse().unwrap();
    h * 60 + m
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let f: i64 = it.next().unwrap().parse().unwrap();
    let c: i64 = it.next().unwrap().parse().unwrap();
    let m: i64 = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let a = mins(it.next().unwrap());
        let b = mins(it.next().unwrap());
        let d = b - a;
        let fee = if d <= f { 0 } else { (d - f + 59) / 60 * c };
        out.push_str(&format!("{}\n", fee.min(m)));
    }
    print!("{}", out);
}
