use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let r = &v[1..=n];
    let (mut hi, mut lo) = (r[0], r[0]);
    let (mut wet, mut dry) = (0u32, 0u32);
    for &x in &r[1..] {
        if x > hi {
            wet += 1;
            hi = x;
        } else if x < lo {
            dry += 1;
            lo = x;
        }
    }
    println!("{} {}", wet, dry);
}
