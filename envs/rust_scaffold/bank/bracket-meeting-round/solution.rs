use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        let a = v[2 + 3 * i] - 1;
        let b = v[3 + 3 * i] - 1;
        let x = a ^ b;
        out.push_str(&format!("{}\n", 64 - x.leading_zeros()));
    }
    print!("{}", out);
}
