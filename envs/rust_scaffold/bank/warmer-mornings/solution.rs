use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i32>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut prev = it.next().unwrap();
    let (mut cnt, mut best) = (0, 0);
    for _ in 1..n {
        let t = it.next().unwrap();
        if t > prev {
            cnt += 1;
            best = best.max(t - prev);
        }
        prev = t;
    }
    println!("{} {}", cnt, best);
}
