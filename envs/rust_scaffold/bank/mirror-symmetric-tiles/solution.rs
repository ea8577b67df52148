use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let n: usize = it.next().unwrap().parse().unwrap();
        let m: usize = it.next().unwrap().parse().unwrap();
        let g: Vec<&[u8]> = (0..n).map(|_| it.next().unwrap().as_bytes()).collect();
        let mut lr = true;
        let mut tb = true;
        for r in 0..n {
            for c in 0..m {
                if g[r][c] != g[r][m - 1 - c] {
                    lr = false;
                }
                if g[r][c] != g[n - 1 - r][c] {
                    tb = false;
                }
            }
        }
        out.push_str(match (lr, tb) {
            (true, true) => "both\n",
            (true, false) => "left-right\n",
            (false, true) => "top-bottom\n",
            _ => "none\n",
        });
    }
    print!("{}", out);
}
