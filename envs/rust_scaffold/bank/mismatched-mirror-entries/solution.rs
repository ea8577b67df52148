use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let at = |i: usize, j: usize| v[1 + i * n + j];
    let mut count = 0u64;
    let mut first: Option<(usize, usize)> = None;
    for i in 0..n {
        for j in i + 1..n {
            if at(i, j) != at(j, i) {
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
