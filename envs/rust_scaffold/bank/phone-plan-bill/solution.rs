use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (n, p, f, c) = (v[0] as usize, v[1], v[2], v[3]);
    let minutes: u64 = v[4..4 + n].iter().map(|&x| (x + 59) / 60).sum();
    let extra = minutes.saturating_sub(f);
    println!("{}", p + extra * c);
}
