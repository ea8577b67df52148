use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u128> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (h, p, m) = (v[0], v[1], v[2]);
    let mut total: u128 = h;
    let mut count: u64 = 0;
    let mut x = h;
    loop {
        x = x * p / 100;
        if x == 0 {
            break;
        }
        if x >= m {
            count += 1;
        }
        total += 2 * x;
    }
    println!("{} {}", count, total);
}
