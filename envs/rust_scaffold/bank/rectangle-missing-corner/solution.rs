use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        let p = &v[1 + 6 * i..7 + 6 * i];
        let x = p[0] ^ p[2] ^ p[4];
        let y = p[1] ^ p[3] ^ p[5];
        out.push_str(&format!("{} {}\n", x, y));
    }
    print!("{}", out);
}
