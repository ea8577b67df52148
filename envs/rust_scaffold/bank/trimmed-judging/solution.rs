use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let k = v[1] as usize;
    let mut best_i = 0;
    let mut best = -1i64;
    for i in 0..n {
        let row = &v[2 + i * k..2 + (i + 1) * k];
        let sum: i64 = row.iter().sum();
        let r = sum - row.iter().max().unwrap() - row.iter().min().unwrap();
        if r > best {
            best = r;
            best_i = i + 1;
        }
    }
    println!("{} {}", best_i, best);
}
