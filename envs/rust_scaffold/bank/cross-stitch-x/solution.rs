use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let n: usize = s.trim().parse().unwrap();
    let mut out = String::new();
    for r in 1..=n {
        for c in 1..=n {
            out.push(if r == c || r + c == n + 1 { '#' } else { '.' });
        }
        out.push('\n');
    }
    print!("{}", out);
}
