use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        let (n, k) = (v[1 + 2 * i], v[2 + 2 * i]);
        let ok = n.count_ones() as u64 <= k && k <= n;
        out.push_str(if ok { "YES\n" } else { "NO\n" });
    }
    print!("{}", out);
}
