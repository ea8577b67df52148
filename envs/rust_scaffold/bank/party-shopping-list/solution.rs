use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let k = it.next().unwrap() as usize;
    let mut c: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    c.sort_unstable();
    let total: u64 = c[..k].iter().sum();
    println!("{}", total);
}
