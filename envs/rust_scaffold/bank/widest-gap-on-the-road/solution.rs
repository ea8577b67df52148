use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut x: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    x.sort_unstable();
    let best = x.windows(2).map(|w| w[1] - w[0]).max().unwrap();
    println!("{}", best);
}
