use std::collections::VecDeque;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let m = it.next().unwrap() as usize;
    let d = it.next().unwrap();
    let a: Vec<i64> = (0..n * m).map(|_| it.next().unwrap()).collect();
    let mut dist = vec![-1i64; n * m];
    dist[0] = 0;
    let mut q = VecDeque::new();
    q.push_back((0usize, 0usize));
    while let Some((r, c)) = q.pop_front() {
        let here = r * m + c;
        let mut next = Vec::with_capacity(4);
        if r > 0 {
            next.push((r - 1, c));
        }
        if r + 1 < n {
            next.push((r + 1, c));
        }
        if c > 0 {
            next.push((r, c - 1));
        }
        if c + 1 < m {
            next.push((r, c + 1));
        }
        for (nr, nc) in next {
            let w = nr * m + nc;
            if dist[w] < 0 && (a[w] - a[here]).abs() <= d {
                dist[w] = dist[here] + 1;
                q.push_back((nr, nc));
            }
        }
    }
    println!("{}", dist[n * m - 1]);
}
