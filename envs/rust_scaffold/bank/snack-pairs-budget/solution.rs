use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let k = it.next().unwrap();
    let mut c: Vec<i64> = (0..n).map(|_| it.next().unwrap()).collect();
    c.sort_unstable();
    let mut lo = 0usize;
    let mut hi = n - 1;
    let mut count: u64 = 0;
    while lo < hi {
        if c[lo] + c[hi] <= k {
            count += (hi - lo) as u64;
            lo += 1;
        } else {
            hi -= 1;
        }
    }
    println!("{}", count);
}
