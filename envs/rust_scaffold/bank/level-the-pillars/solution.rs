use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap();
    let h: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    let top = *h.iter().max().unwrap();
    let total: u64 = h.iter().sum();
    println!("{}", top * n - total);
}
