use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let mut out = String::new();
    for i in 0..v[0] as usize {
        let (n, k, p) = (v[1 + 3 * i], v[2 + 3 * i], v[3 + 3 * i]);
        let sheets = (n + k - 1) / k;
        out.push_str(&format!("{} {} {}\n", sheets, sheets * p, sheets * k - n));
    }
    print!("{}", out);
}
