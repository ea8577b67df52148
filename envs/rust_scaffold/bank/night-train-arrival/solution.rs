use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let q: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..q {
        let t = it.next().unwrap();
        let h: u64 = t[0..2].parse().unwrap();
        let m: u64 = t[3..5].parse().unwrap();
        let d: u64 = it.next().unwrap().parse().unwrap();
        let total = h * 60 + m + d;
        let (day, min) = (total / 1440, total % 1440);
        out.push_str(&format!("{:02}:{:02} {}\n", min / 60, min % 60, day));
    }
    print!("{}", out);
}
