use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        let x = v[1 + i];
        let low = x & x.wrapping_neg();
        let ripple = x + low;
        let ones = ((x ^ ripple) >> 2) / low;
        out.push_str(&format!("{}\n", ripple | ones));
    }
    print!("{}", out);
}
