use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let m: usize = it.next().unwrap().parse().unwrap();
    let g: Vec<&[u8]> = (0..n).map(|_| it.next().unwrap().as_bytes()).collect();
    let planted = |i: i64, j: i64| i >= 0 && j >= 0 && (i as usize) < n && (j as usize) < m && g[i as usize][j as usize] == b'#';
    let mut total = 0u64;
    for i in 0..n as i64 {
        for j in 0..m as i64 {
            if !planted(i, j) {
                continue;
            }
            for (di, dj) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                if !planted(i + di, j + dj) {
                    total += 1;
                }
            }
        }
    }
    println!("{}", total);
}
