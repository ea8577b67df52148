use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (n, k) = (v[0] as usize, v[1]);
    let mut circle: Vec<usize> = (1..=n).collect();
    let mut pos = 0usize;
    let mut order = Vec::with_capacity(n);
    while !circle.is_empty() {
        let len = circle.len() as u64;
        pos = ((pos as u64 + (k - 1) % len) % len) as usize;
        order.push(circle.remove(pos).to_string());
        if !circle.is_empty() {
            pos %= circle.len();
        }
    }
    println!("{}", order.join(" "));
}
