use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let c = v[1];
    let mut trips = 1u64;
    let mut load = 0u64;
    for &w in &v[2..2 + n] {
        if load + w > c {
            trips += 1;
            load = 0;
        }
        load += w;
    }
    println!("{}", trips);
}
