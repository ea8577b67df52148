use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        let (a, b, h, c) = (v[1 + 4 * i], v[2 + 4 * i], v[3 + 4 * i], v[4 + 4 * i]);
        out.push_str(&format!("{}\n", a * b * (h + 1) * (c + 1)));
    }
    print!("{}", out);
}
