use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let d = v[1];
    let mut x: Vec<i64> = v[2..2 + n].to_vec();
    x.sort();
    let mut total: u64 = 0;
    let mut left = 0usize;
    for right in 0..n {
        while x[right] - x[left] > d {
            left += 1;
        }
        total += (right - left) as u64;
    }
    println!("{}", total);
}
