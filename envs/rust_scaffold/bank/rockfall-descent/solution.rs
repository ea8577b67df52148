use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    // top-down: best[j] = best total on the way to ledge j of the current level
    let mut best: Vec<u64> = vec![it.next().unwrap()];
    for i in 2..=n {
        let mut next = vec![0u64; i];
        for j in 0..i {
            let g = it.next().unwrap();
            let from_left = if j > 0 { best[j - 1] } else { 0 };
            let from_same = if j < i - 1 { best[j] } else { 0 };
            next[j] = g + from_left.max(from_same);
        }
        best = next;
    }
    println!("{}", best.iter().max().unwrap());
}
