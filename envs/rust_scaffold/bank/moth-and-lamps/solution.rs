use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (n, x, y) = (v[0] as usize, v[1], v[2]);
    let (mut best_i, mut best_d) = (0usize, i64::MAX);
    for i in 0..n {
        let d = (x - v[3 + 2 * i]).abs() + (y - v[4 + 2 * i]).abs();
        if d < best_d {
            best_d = d;
            best_i = i + 1;
        }
    }
    println!("{} {}", best_i, best_d);
}
