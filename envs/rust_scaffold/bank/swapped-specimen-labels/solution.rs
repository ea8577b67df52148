use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0];
    let p = &v[..=n]; // p[i] for i in 1..=n
    let mut fixed = 0u64;
    let mut two = 0u64;
    for i in 1..=n {
        if p[i] == i {
            fixed += 1;
        } else if p[p[i]] == i {
            two += 1;
        }
    }
    println!("{} {}", fixed, two / 2);
}
