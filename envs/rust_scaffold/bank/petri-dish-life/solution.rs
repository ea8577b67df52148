use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let m: usize = it.next().unwrap().parse().unwrap();
    let k: usize = it.next().unwrap().parse().unwrap();
    // padded grid with a border of empty cells
    let mut g = vec![vec![false; m + 2]; n + 2];
    for r in 0..n {
        for (c, ch) in it.next().unwrap().bytes().enumerate() {
            g[r + 1][c + 1] = ch == b'#';
        }
    }
    for _ in 0..k {
        let mut ng = vec![vec![false; m + 2]; n + 2];
        for r in 1..=n {
            for c in 1..=m {
                let mut cnt = 0;
                for rr in r - 1..=r + 1 {
                    for cc in c - 1..=c + 1 {
                        if (rr != r || cc != c) && g[rr][cc] {
                            cnt += 1;
                        }
                    }
                }
                ng[r][c] = cnt == 3 || (cnt == 2 && g[r][c]);
            }
        }
        g = ng;
    }
    let mut out = String::new();
    for r in 1..=n {
        for c in 1..=m {
            out.push(if g[r][c] { '#' } else { '.' });
        }
        out.push('\n');
    }
    print!("{}", out);
}
