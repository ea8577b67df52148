use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let n: u32 = s.trim().parse().unwrap();
    let mut out = String::new();
    for i in 0u32..(1 << n) {
        let g = i ^ (i >> 1);
        for b in (0..n).rev() {
            out.push(if (g >> b) & 1 == 1 { '1' } else { '0' });
        }
        out.push('\n');
    }
    print!("{}", out);
}
