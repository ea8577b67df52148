use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut prev = it.next().unwrap();
    let mut cur = 1;
    let mut best = 1;
    for _ in 1..n {
        let v = it.next().unwrap();
        if v > prev {
            cur += 1;
        } else {
            cur = 1;
        }
        if cur > best {
            best = cur;
        }
        prev = v;
    }
    println!("{}", best);
}
