use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let m: usize = it.next().unwrap().parse().unwrap();
    let k: u64 = it.next().unwrap().parse().unwrap();
    let g: Vec<&[u8]> = (0..n).map(|_| it.next().unwrap().as_bytes()).collect();
    let t = k % 4;
    let (rows, cols) = if t % 2 == 0 { (n, m) } else { (m, n) };
    let mut out = String::new();
    for r in 0..rows {
        for c in 0..cols {
            let ch = match t {
                0 => g[r][c],
                1 => g[n - 1 - c][r],
                2 => g[n - 1 - r][m - 1 - c],
                _ => g[c][m - 1 - r],
            };
            out.push(ch as char);
        }
        out.push('\n');
    }
    print!("{}", out);
}
