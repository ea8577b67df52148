use std::io::{self, Read, Write};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let q = it.next().unwrap() as usize;
    let mut p: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    p.sort_unstable();
    let mut out = String::new();
    for _ in 0..q {
        let x = it.next().unwrap();
        let k = p.partition_point(|&v| v <= x);
        out.push_str(&k.to_string());
        out.push('\n');
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
