use std::io::{self, Read, Write};

fn upto(n: u64) -> u64 {
    n / 4 - n / 100 + n / 400
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let t = it.next().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let a = it.next().unwrap();
        let b = it.next().unwrap();
        out.push_str(&format!("{}\n", upto(b) - upto(a - 1)));
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
