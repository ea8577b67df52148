use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let mut out = String::new();
    for i in 0..v[0] as usize {
        let mut x = v[1 + 2 * i] ^ v[2 + 2 * i];
        let mut c = 0;
        while x > 0 {
            c += x & 1;
            x >>= 1;
        }
        out.push_str(&format!("{}\n", c));
    }
    print!("{}", out);
}
