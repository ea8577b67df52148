use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        let (n, a, b) = (v[1 + 3 * i], v[2 + 3 * i], v[3 + 3 * i]);
        let d = (a - b).abs();
        let walk = d.min(n - d);
        let typing = b.to_string().len() as i64;
        out.push_str(&format!("{}\n", walk.min(typing)));
    }
    print!("{}", out);
}
