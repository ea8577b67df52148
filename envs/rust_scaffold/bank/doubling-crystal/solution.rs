use std::io::{self, Read, Write};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let q = v[0] as usize;
    let mut out = String::with_capacity(q * 2);
    for i in 0..q {
        let n = v[1 + i] - 1;
        out.push(if n.count_ones() % 2 == 1 { '1' } else { '0' });
        out.push('\n');
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
