use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let v: Vec<i64> = (0..n).map(|_| it.next().unwrap()).collect();
    let mut right: i64 = v.iter().sum();
    let mut left = 0i64;
    let (mut cut, mut best) = (0usize, i64::MAX);
    for c in 1..n {
        left += v[c - 1];
        right -= v[c - 1];
        let diff = (left - right).abs();
        if diff < best {
            best = diff;
            cut = c;
        }
    }
    println!("{} {}", cut, best);
}
