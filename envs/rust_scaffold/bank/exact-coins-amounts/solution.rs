use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0];
    let cap = v[1];
    // used[x] = fewest coins of the current kind needed to reach x (or MAX if unreachable)
    let mut ok = vec![false; cap + 1];
    ok[0] = true;
    let mut used = vec![0usize; cap + 1];
    for i in 0..n {
        let (val, cnt) = (v[2 + 2 * i], v[3 + 2 * i]);
        for x in 0..=cap {
            used[x] = 0;
        }
        for x in val..=cap {
            if !ok[x] && ok[x - val] && used[x - val] < cnt {
                ok[x] = true;
                used[x] = used[x - val] + 1;
            }
        }
    }
    let count = ok[1..].iter().filter(|&&b| b).count();
    println!("{}", count);
}
