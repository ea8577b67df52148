use std::collections::HashMap;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let t = it.next().unwrap();
    let m: Vec<i64> = (0..n).map(|_| it.next().unwrap()).collect();
    // scan i from the right; `last` maps a mass to the smallest index > i holding it
    let mut nearest: HashMap<i64, usize> = HashMap::new();
    let mut best: Option<(usize, usize)> = None;
    for i in (0..n).rev() {
        if let Some(&j) = nearest.get(&(t - m[i])) {
            best = Some((i, j));
        }
        nearest.insert(m[i], i);
    }
    match best {
        Some((i, j)) => println!("{} {}", i + 1, j + 1),
        None => println!("-1"),
    }
}
