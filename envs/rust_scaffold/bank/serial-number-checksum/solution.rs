use std::io::{self, Read};

fn pre(n: u64) -> u64 {
    // XOR of 0..=n
    match n % 4 {
        0 => n,
        1 => 1,
        2 => n + 1,
        _ => 0,
    }
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        let l = v[1 + 2 * i];
        let r = v[2 + 2 * i];
        let below = if l == 0 { 0 } else { pre(l - 1) };
        out.push_str(&format!("{}\n", pre(r) ^ below));
    }
    print!("{}", out);
}
