use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let m = v[1] as usize;
    let a = |i: usize, j: usize| v[2 + i * m + j];
    let mut count = 0;
    let mut first = None;
    for i in 0..n {
        for j in 0..m {
            let x = a(i, j);
            let row_ok = (0..m).all(|k| a(i, k) >= x);
            if !row_ok {
                continue;
            }
            let col_ok = (0..n).all(|k| a(k, j) <= x);
            if col_ok {
                count += 1;
                if first.is_none() {
                    first = Some((i + 1, j + 1));
                }
            }
        }
    }
    println!("{}", count);
    if let Some((i, j)) = first {
        println!("{} {}", i, j);
    }
}
