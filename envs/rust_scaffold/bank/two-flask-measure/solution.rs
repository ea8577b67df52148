use std::collections::VecDeque;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (a, b, t) = (v[0], v[1], v[2]);
    let w = b + 1;
    let mut dist = vec![-1i32; (a + 1) * (b + 1)];
    dist[0] = 0;
    let mut q = VecDeque::new();
    q.push_back((0usize, 0usize));
    while let Some((x, y)) = q.pop_front() {
        let d = dist[x * w + y];
        if x == t || y == t {
            println!("{}", d);
            return;
        }
        let pour_xy = x.min(b - y);
        let pour_yx = y.min(a - x);
        let nexts = [
            (a, y),
            (x, b),
            (0, y),
            (x, 0),
            (x - pour_xy, y + pour_xy),
            (x + pour_yx, y - pour_yx),
        ];
        for &(nx, ny) in nexts.iter() {
            if dist[nx * w + ny] < 0 {
                dist[nx * w + ny] = d + 1;
                q.push_back((nx, ny));
            }
        }
    }
    println!("-1");
}
