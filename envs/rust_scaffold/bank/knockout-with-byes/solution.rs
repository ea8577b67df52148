use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        let n = v[1 + i];
        // rounds = ceil(log2 n); every match eliminates exactly one player
        let rounds = if n <= 1 { 0 } else { 64 - (n - 1).leading_zeros() };
        out.push_str(&format!("{} {}\n", rounds, n - 1));
    }
    print!("{}", out);
}
