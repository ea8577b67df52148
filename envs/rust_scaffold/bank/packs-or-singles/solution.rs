use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        let (q, k, p, s1) = (v[1 + 4 * i], v[2 + 4 * i], v[3 + 4 * i], v[4 + 4 * i]);
        let singles = q * s1;
        let mixed = (q / k) * p + (q % k) * s1;
        let packs = ((q + k - 1) / k) * p;
        out.push_str(&format!("{}\n", singles.min(mixed).min(packs)));
    }
    print!("{}", out);
}
