use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let u = it.next().unwrap().as_bytes();
    let v = it.next().unwrap().as_bytes();
    let max_t = u.len().min(v.len());
    let mut best = 0;
    // try every overlap from the largest down; O(|u| * |v|) in the worst case but fast in practice
    for t in (1..=max_t).rev() {
        if u[u.len() - t..] == v[..t] {
            best = t;
            break;
        }
    }
    let mut out = String::from_utf8(u.to_vec()).unwrap();
    out.push_str(std::str::from_utf8(&v[best..]).unwrap());
    println!("{}\n{}", best, out);
}
