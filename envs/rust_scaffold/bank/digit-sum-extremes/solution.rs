use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i32> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (n, total) = (v[0] as usize, v[1]);
    if (total == 0 && n > 1) || total > 9 * n as i32 {
        println!("-1 -1");
        return;
    }
    // smallest: choose each digit as small as possible while the rest can still be filled
    let mut small = String::new();
    let mut left = total;
    for i in 0..n {
        let first = if i == 0 && n > 1 { 1 } else { 0 };
        let rest_cap = 9 * (n - i - 1) as i32;
        let d = (first..=9).find(|&d| d <= left && left - d <= rest_cap).unwrap();
        small.push((b'0' + d as u8) as char);
        left -= d;
    }
    let mut large = String::new();
    let mut left = total;
    for _ in 0..n {
        let d = left.min(9);
        large.push((b'0' + d as u8) as char);
        left -= d;
    }
    println!("{} {}", small, large);
}
