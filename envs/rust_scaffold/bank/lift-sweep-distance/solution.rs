use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let st: i64 = it.next().unwrap().parse().unwrap();
        let up = it.next().unwrap() == "U";
        let n: usize = it.next().unwrap().parse().unwrap();
        let r: Vec<i64> = (0..n).map(|_| it.next().unwrap().parse().unwrap()).collect();
        let lo = *r.iter().min().unwrap();
        let hi = *r.iter().max().unwrap();
        let ans = if up {
            if hi > st {
                (hi - st) + if lo < st { hi - lo } else { 0 }
            } else {
                st - lo
            }
        } else if lo < st {
            (st - lo) + if hi > st { hi - lo } else { 0 }
        } else {
            hi - st
        };
        out.push_str(&format!("{}\n", ans));
    }
    print!("{}", out);
}
