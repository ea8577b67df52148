use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap();
    let m = it.next().unwrap();
    let mut total = 0u64;
    for _ in 0..n {
        let mut best = 0u64;
        for _ in 0..m {
            best = best.max(it.next().unwrap());
        }
        total += best;
    }
    println!("{}", total);
}
