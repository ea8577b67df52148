use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let t = v[1];
    let (mut episodes, mut best, mut cur) = (0u64, 0u64, 0u64);
    for i in 0..n {
        if v[2 + i] > t {
            if cur == 0 {
                episodes += 1;
            }
            cur += 1;
            best = best.max(cur);
        } else {
            cur = 0;
        }
    }
    println!("{} {}", episodes, best);
}
