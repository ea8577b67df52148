use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut p: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    p.sort_unstable();
    let total: u64 = p.iter().sum();
    // the free books are the 2nd, 4th, ... most expensive
    let mut free = 0u64;
    let mut i = n as i64 - 2;
    while i >= 0 {
        free += p[i as usize];
        i -= 2;
    }
    println!("{}", total - free);
}
