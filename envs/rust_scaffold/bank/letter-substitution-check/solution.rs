use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let q: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..q {
        let p = it.next().unwrap().as_bytes();
        let c = it.next().unwrap().as_bytes();
        let mut fwd = [0u8; 26];
        let mut back = [0u8; 26];
        let mut ok = true;
        for i in 0..p.len() {
            let (a, b) = ((p[i] - b'a') as usize, (c[i] - b'a') as usize);
            if fwd[a] == 0 && back[b] == 0 {
                fwd[a] = b as u8 + 1;
                back[b] = a as u8 + 1;
            } else if fwd[a] != b as u8 + 1 || back[b] != a as u8 + 1 {
                ok = false;
                break;
            }
        }
        out.push_str(if ok { "YES\n" } else { "NO\n" });
    }
    print!("{}", out);
}
