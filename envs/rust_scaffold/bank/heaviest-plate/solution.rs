use std::io::{self, Read, Write};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    // each entry keeps the maximum of the pile up to and including it
    let mut pile: Vec<u64> = Vec::new();
    let mut out = String::new();
    for _ in 0..n {
        match it.next().unwrap() {
            "ADD" => {
                let w: u64 = it.next().unwrap().parse().unwrap();
                let m = match pile.last() {
                    Some(&t) if t > w => t,
                    _ => w,
                };
                pile.push(m);
            }
            "TAKE" => {
                pile.pop();
            }
            _ => match pile.last() {
                Some(t) => out.push_str(&format!("{}\n", t)),
                None => out.push_str("EMPTY\n"),
            },
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
