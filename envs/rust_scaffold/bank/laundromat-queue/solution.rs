use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut t: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    t.sort_unstable();
    let mut clock = 0u64;
    let mut total = 0u64;
    for x in t {
        total += clock;
        clock += x;
    }
    println!("{}", total);
}
