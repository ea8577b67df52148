use std::io::{self, Read, Write};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u128>().unwrap());
    let t = it.next().unwrap() as usize;
    let mut out = String::new();
    for _ in 0..t {
        let n = it.next().unwrap();
        // largest k with k(k+1)/2 <= n, by binary search
        let (mut lo, mut hi) = (0u128, 2_000_000_000u128);
        while lo < hi {
            let mid = (lo + hi + 1) / 2;
            if mid * (mid + 1) / 2 <= n {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        out.push_str(&format!("{} {}\n", lo, n - lo * (lo + 1) / 2));
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
