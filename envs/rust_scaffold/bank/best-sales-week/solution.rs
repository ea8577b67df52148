use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let k = it.next().unwrap() as usize;
    let a: Vec<i64> = (0..n).map(|_| it.next().unwrap()).collect();
    let mut cur: i64 = a[..k].iter().sum();
    let mut best = cur;
    let mut start = 1;
    for i in k..n {
        cur += a[i] - a[i - k];
        if cur > best {
            best = cur;
            start = i - k + 2;
        }
    }
    println!("{} {}", best, start);
}
