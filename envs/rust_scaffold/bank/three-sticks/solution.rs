use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let mut out = String::new();
    for i in 0..v[0] as usize {
        let (a, b, c) = (v[1 + 3 * i], v[2 + 3 * i], v[3 + 3 * i]);
        // u64 holds the sum of two sides up to 8 * 10^18
        let ok = a + b > c && a + c > b && b + c > a;
        out.push_str(if ok { "YES\n" } else { "NO\n" });
    }
    print!("{}", out);
}
