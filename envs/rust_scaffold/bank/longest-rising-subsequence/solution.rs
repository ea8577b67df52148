use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    // best_end[len - 1] = the smallest possible last value of a rising subsequence of length len
    let mut best_end: Vec<u64> = Vec::new();
    for _ in 0..n {
        let x = it.next().unwrap();
        let mut lo = 0;
        let mut hi = best_end.len();
        while lo < hi {
            let mid = (lo + hi) / 2;
            if best_end[mid] < x {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if lo == best_end.len() {
            best_end.push(x);
        } else {
            best_end[lo] = x;
        }
    }
    println!("{}", best_end.len());
}
