use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap();
    let (mut cur, mut best) = (0i64, 0i64);
    for _ in 0..n {
        let off = it.next().unwrap();
        let on = it.next().unwrap();
        cur += on - off;
        best = best.max(cur);
    }
    println!("{}", best);
}
