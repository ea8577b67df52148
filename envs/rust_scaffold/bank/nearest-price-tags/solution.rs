use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut p: Vec<i64> = (0..n).map(|_| it.next().unwrap()).collect();
    p.sort_unstable();
    let mut best = i64::MAX;
    for i in 1..n {
        best = best.min(p[i] - p[i - 1]);
    }
    let mut count: u64 = 0;
    if best == 0 {
        let mut i = 0;
        while i < n {
            let mut j = i;
            while j < n && p[j] == p[i] {
                j += 1;
            }
            let k = (j - i) as u64;
            count += k * (k - 1) / 2;
            i = j;
        }
    } else {
        for i in 1..n {
            if p[i] - p[i - 1] == best {
                count += 1;
            }
        }
    }
    println!("{} {}", best, count);
}
