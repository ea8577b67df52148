use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let m: usize = it.next().unwrap().parse().unwrap();
    let g: Vec<&[u8]> = (0..n).map(|_| it.next().unwrap().as_bytes()).collect();
    let mut out = String::with_capacity(n * (m + 1));
    for r in 0..n {
        for c in 0..m {
            if g[r][c] == b'*' {
                out.push('*');
                continue;
            }
            let mut k = 0u8;
            for rr in r.saturating_sub(1)..=(r + 1).min(n - 1) {
                for cc in c.saturating_sub(1)..=(c + 1).min(m - 1) {
                    if g[rr][cc] == b'*' {
                        k += 1;
                    }
                }
            }
            out.push((b'0' + k) as char);
        }
        out.push('\n');
    }
    print!("{}", out);
}
