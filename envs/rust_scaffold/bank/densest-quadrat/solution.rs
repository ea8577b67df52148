use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let m = v[1] as usize;
    let a = |i: usize, j: usize| v[2 + i * m + j];
    let (mut best, mut bi, mut bj) = (0u64, 0usize, 0usize);
    let mut first = true;
    for i in 0..n - 1 {
        for j in 0..m - 1 {
            let t = a(i, j) + a(i, j + 1) + a(i + 1, j) + a(i + 1, j + 1);
            if first || t > best {
                best = t;
                bi = i + 1;
                bj = j + 1;
                first = false;
            }
        }
    }
    println!("{} {} {}", best, bi, bj);
}
