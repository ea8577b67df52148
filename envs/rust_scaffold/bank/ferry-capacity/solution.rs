use std::io::{self, Read};

fn fits(w: &[u64], cap: u64, d: usize) -> bool {
    let mut used = 1;
    let mut load = 0u64;
    for &x in w {
        if x > cap {
            return false;
        }
        if load + x > cap {
            used += 1;
            load = 0;
            if used > d {
                return false;
            }
        }
        load += x;
    }
    true
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let d = it.next().unwrap() as usize;
    let w: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    let (mut lo, mut hi) = (1u64, w.iter().sum::<u64>());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if fits(&w, mid, d) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    println!("{}", lo);
}
