use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (n, m) = (v[0], v[1]);
    // difference array of toggles
    let mut d = vec![0i64; n + 2];
    for i in 0..m {
        let (l, r) = (v[2 + 2 * i], v[3 + 2 * i]);
        d[l] += 1;
        d[r + 1] -= 1;
    }
    let mut cur = 0i64;
    let mut on = 0;
    for i in 1..=n {
        cur += d[i];
        if cur % 2 == 1 {
            on += 1;
        }
    }
    println!("{}", on);
}
