use std::io::{self, Read, Write};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let q = it.next().unwrap() as usize;
    let mut pre = Vec::with_capacity(n);
    let mut total = 0u64;
    for _ in 0..n {
        total += it.next().unwrap();
        pre.push(total);
    }
    let mut out = String::new();
    for _ in 0..q {
        let x = it.next().unwrap();
        let d = pre.partition_point(|&v| v < x);
        if d == n {
            out.push_str("-1\n");
        } else {
            out.push_str(&format!("{}\n", d + 1));
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
