use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let q: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..q {
        let l: u64 = it.next().unwrap().parse().unwrap();
        let mut p: u64 = it.next().unwrap().parse().unwrap();
        let t: u64 = it.next().unwrap().parse().unwrap();
        let mut right = it.next().unwrap() == "R";
        // at an end, the shuttle leaves away from it
        if p == 0 {
            right = true;
        }
        if p == l {
            right = false;
        }
        let mut rest = t % (2 * l);
        while rest > 0 {
            let room = if right { l - p } else { p };
            if rest < room {
                p = if right { p + rest } else { p - rest };
                rest = 0;
            } else {
                rest -= room;
                p = if right { l } else { 0 };
                right = !right;
            }
        }
        out.push_str(&format!("{} {}\n", p, if right { 'R' } else { 'L' }));
    }
    print!("{}", out);
}
