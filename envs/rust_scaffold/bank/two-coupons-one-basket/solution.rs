use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        let (p, r, f) = (v[1 + 3 * i], v[2 + 3 * i], v[3 + 3 * i]);
        let a = (p * (100 - r) / 100 - f).max(0);
        let b = (p - f).max(0) * (100 - r) / 100;
        out.push_str(&format!("{}\n", a.min(b)));
    }
    print!("{}", out);
}
