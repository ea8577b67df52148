use std::collections::VecDeque;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let g: Vec<Vec<u8>> = (0..n).map(|_| it.next().unwrap().as_bytes().to_vec()).collect();
    let mut nums = it.map(|x| x.parse::<i64>().unwrap() - 1);
    let (r1, c1, r2, c2) = (
        nums.next().unwrap(),
        nums.next().unwrap(),
        nums.next().unwrap(),
        nums.next().unwrap(),
    );
    let ni = n as i64;
    let mut dist = vec![-1i64; n * n];
    dist[(r1 * ni + c1) as usize] = 0;
    let mut q = VecDeque::new();
    q.push_back((r1, c1));
    let jumps = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)];
    while let Some((r, c)) = q.pop_front() {
        let here = dist[(r * ni + c) as usize];
        for &(dr, dc) in &jumps {
            let (a, b) = (r + dr, c + dc);
            if a < 0 || b < 0 || a >= ni || b >= ni {
                continue;
            }
            let idx = (a * ni + b) as usize;
            if g[a as usize][b as usize] == b'.' && dist[idx] < 0 {
                dist[idx] = here + 1;
                q.push_back((a, b));
            }
        }
    }
    println!("{}", dist[(r2 * ni + c2) as usize]);
}
