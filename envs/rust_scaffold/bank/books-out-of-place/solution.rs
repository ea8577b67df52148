use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let h: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    let mut sorted = h.clone();
    sorted.sort_unstable();
    let moved = h.iter().zip(sorted.iter()).filter(|(a, b)| a != b).count();
    println!("{}", moved);
}
