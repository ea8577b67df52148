use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let r = it.next().unwrap();
        let mut val: u64 = 0;
        for b in r.bytes() {
            let mut d = (b - b'0') as u64;
            if d > 4 {
                d -= 1;
            }
            val = val * 9 + d;
        }
        out.push_str(&format!("{}\n", val));
    }
    print!("{}", out);
}
