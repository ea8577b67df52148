use std::io::{self, Read};

fn rev(mut x: u128) -> u128 {
    let mut r = 0u128;
    while x > 0 {
        r = r * 10 + x % 10;
        x /= 10;
    }
    r
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u128> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (mut x, k) = (v[0], v[1]);
    let mut steps = 0u128;
    loop {
        let r = rev(x);
        if r == x {
            println!("{} {}", steps, x);
            return;
        }
        if steps == k {
            println!("-1 {}", x);
            return;
        }
        x += r;
        steps += 1;
    }
}
