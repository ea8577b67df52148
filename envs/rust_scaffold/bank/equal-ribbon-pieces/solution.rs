use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let k = it.next().unwrap();
    let r: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    let enough = |len: u64| -> bool {
        let mut got = 0u64;
        for &x in &r {
            got += x / len;
            if got >= k {
                return true;
            }
        }
        false
    };
    // invariant: enough(lo) holds (or lo == 0), enough(hi + 1) fails
    let (mut lo, mut hi) = (0u64, *r.iter().max().unwrap());
    while lo < hi {
        let mid = lo + (hi - lo + 1) / 2;
        if enough(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    println!("{}", lo);
}
