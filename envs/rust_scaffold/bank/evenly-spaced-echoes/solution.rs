use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let a = &v[1..=n];
    const MAXV: usize = 1_000_000;
    // left[x] = occurrences of value x strictly before the middle index
    let mut left = vec![0u32; MAXV + 1];
    let mut total: u64 = 0;
    for j in 0..n {
        for k in j + 1..n {
            let want = 2 * a[j] - a[k];
            if want >= 1 && want <= MAXV as i64 {
                total += left[want as usize] as u64;
            }
        }
        left[a[j] as usize] += 1;
    }
    println!("{}", total);
}
