use std::io::{self, Read};

fn next(mut x: u64) -> u64 {
    let mut s = 0;
    while x > 0 {
        let d = x % 10;
        s += d * d;
        x /= 10;
    }
    s
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let mut out = String::new();
    for &n in &v[1..] {
        // every unhappy orbit enters the cycle through 4
        let mut x = n;
        let mut steps = 0i64;
        while x != 1 && x != 4 {
            x = next(x);
            steps += 1;
        }
        let ans = if x == 1 { steps } else { -1 };
        out.push_str(&format!("{}\n", ans));
    }
    print!("{}", out);
}
