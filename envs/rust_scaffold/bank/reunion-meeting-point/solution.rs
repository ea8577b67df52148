use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut x: Vec<i64> = (0..n).map(|_| it.next().unwrap()).collect();
    x.sort_unstable();
    let p = x[n / 2];
    let total: i64 = x.iter().map(|&v| (v - p).abs()).sum();
    println!("{}", total);
}
