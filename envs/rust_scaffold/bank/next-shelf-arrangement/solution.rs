use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let mut c: Vec<u64> = v[1..=n].to_vec();
    // find the rightmost position that can be increased
    let mut pivot = None;
    for i in (0..n.saturating_sub(1)).rev() {
        if c[i] < c[i + 1] {
            pivot = Some(i);
            break;
        }
    }
    let i = match pivot {
        None => {
            println!("-1");
            return;
        }
        Some(i) => i,
    };
    // the suffix after i is non-increasing: swap c[i] with the rightmost larger element
    let mut j = n - 1;
    while c[j] <= c[i] {
        j -= 1;
    }
    c.swap(i, j);
    c[i + 1..].reverse();
    let out: Vec<String> = c.iter().map(|x| x.to_string()).collect();
    println!("{}", out.join(" "));
}
