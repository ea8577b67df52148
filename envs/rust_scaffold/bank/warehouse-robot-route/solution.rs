use std::collections::VecDeque;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let m: usize = it.next().unwrap().parse().unwrap();
    let g: Vec<Vec<u8>> = (0..n).map(|_| it.next().unwrap().as_bytes().to_vec()).collect();
    let mut dist = vec![-1i64; n * m];
    let mut q = VecDeque::new();
    for r in 0..n {
        for c in 0..m {
            if g[r][c] == b'S' {
                dist[r * m + c] = 0;
                q.push_back((r, c));
            }
        }
    }
    let dirs: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    while let Some((x, y)) = q.pop_front() {
        if g[x][y] == b'E' {
            println!("{}", dist[x * m + y]);
            return;
        }
        for &(dx, dy) in &dirs {
            let nx = x as i64 + dx;
            let ny = y as i64 + dy;
            if nx < 0 || ny < 0 || nx >= n as i64 || ny >= m as i64 {
                continue;
            }
            let (nx, ny) = (nx as usize, ny as usize);
            if g[nx][ny] != b'#' && dist[nx * m + ny] < 0 {
                dist[nx * m + ny] = dist[x * m + y] + 1;
                q.push_back((nx, ny));
            }
        }
    }
    println!("-1");
}
