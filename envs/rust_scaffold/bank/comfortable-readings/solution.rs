use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap();
    let lo = it.next().unwrap();
    let hi = it.next().unwrap();
    let (mut cnt, mut sum) = (0u64, 0i64);
    for _ in 0..n {
        let t = it.next().unwrap();
        if lo <= t && t <= hi {
            cnt += 1;
            sum += t;
        }
    }
    println!("{} {}", cnt, sum);
}
