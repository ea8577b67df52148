use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let a: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    let pos = a.windows(2).position(|w| w[1] < w[0]).map(|p| p + 2).unwrap_or(0);
    println!("{}", pos);
}
