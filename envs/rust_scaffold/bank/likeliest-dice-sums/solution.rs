use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        let (a, b) = (v[1 + 2 * i], v[2 + 2 * i]);
        out.push_str(&format!("{} {}\n", a.min(b) + 1, a.max(b) + 1));
    }
    print!("{}", out);
}
