use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<usize>().unwrap());
    let n = it.next().unwrap();
    const D: usize = 1_000_000;
    let mut diff = vec![0i64; D + 2];
    for _ in 0..n {
        let l = it.next().unwrap();
        let r = it.next().unwrap();
        diff[l] += 1;
        diff[r + 1] -= 1;
    }
    let mut cur = 0i64;
    let (mut best, mut day) = (0i64, 0usize);
    for d in 1..=D {
        cur += diff[d];
        if cur > best {
            best = cur;
            day = d;
        }
    }
    println!("{} {}", best, day);
}
