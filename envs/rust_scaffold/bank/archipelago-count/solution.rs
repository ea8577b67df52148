use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let m: usize = it.next().unwrap().parse().unwrap();
    let g: Vec<&[u8]> = (0..n).map(|_| it.next().unwrap().as_bytes()).collect();
    let mut seen = vec![false; n * m];
    let mut count = 0;
    let mut best = 0;
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for r in 0..n {
        for c in 0..m {
            if g[r][c] != b'#' || seen[r * m + c] {
                continue;
            }
            count += 1;
            seen[r * m + c] = true;
            stack.push((r, c));
            let mut size = 0;
            while let Some((x, y)) = stack.pop() {
                size += 1;
                let mut nb = Vec::with_capacity(4);
                if x > 0 {
                    nb.push((x - 1, y));
                }
                if x + 1 < n {
                    nb.push((x + 1, y));
                }
                if y > 0 {
                    nb.push((x, y - 1));
                }
                if y + 1 < m {
                    nb.push((x, y + 1));
                }
                for (a, b) in nb {
                    if g[a][b] == b'#' && !seen[a * m + b] {
                        seen[a * m + b] = true;
                        stack.push((a, b));
                    }
                }
            }
            if size > best {
                best = size;
            }
        }
    }
    println!("{} {}", count, best);
}
