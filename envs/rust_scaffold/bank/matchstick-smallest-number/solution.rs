use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let n: usize = s.trim().parse().unwrap();
    let cost = [6usize, 2, 5, 5, 4, 5, 6, 3, 7, 6];
    // can[k][len]: k matchsticks can be spent on exactly len digits iff 2*len <= k <= 7*len
    let fits = |k: usize, len: usize| 2 * len <= k && k <= 7 * len;
    let len = (1..=n).find(|&l| fits(n, l)).unwrap();
    let mut out = String::new();
    let mut left = n;
    for i in 0..len {
        let first = if i == 0 { 1 } else { 0 };
        let d = (first..10)
            .find(|&d| cost[d] <= left && fits(left - cost[d], len - i - 1))
            .unwrap();
        out.push((b'0' + d as u8) as char);
        left -= cost[d];
    }
    println!("{}", out);
}
