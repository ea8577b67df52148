use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let k = it.next().unwrap() as usize;
    let mut r: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    r.sort_unstable();
    let mut best = u64::MAX;
    for i in k - 1..n {
        best = best.min(r[i] - r[i + 1 - k]);
    }
    println!("{}", best);
}
