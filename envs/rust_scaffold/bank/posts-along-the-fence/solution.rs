use std::io::{self, Read};

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a, b);
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        let p = &v[1 + 4 * i..5 + 4 * i];
        let g = gcd((p[2] - p[0]).abs(), (p[3] - p[1]).abs());
        out.push_str(&format!("{}\n", g + 1));
    }
    print!("{}", out);
}
