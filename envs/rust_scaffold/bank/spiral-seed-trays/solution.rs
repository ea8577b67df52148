use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (n, m) = (v[0], v[1]);
    let mut g = vec![vec![0u32; m as usize]; n as usize];
    let dirs = [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)];
    let (mut r, mut c, mut d) = (0i64, 0i64, 0usize);
    for k in 1..=(n * m) as u32 {
        g[r as usize][c as usize] = k;
        for _ in 0..4 {
            let (nr, nc) = (r + dirs[d].0, c + dirs[d].1);
            if nr >= 0 && nr < n && nc >= 0 && nc < m && g[nr as usize][nc as usize] == 0 {
                break;
            }
            d = (d + 1) % 4;
        }
        r += dirs[d].0;
        c += dirs[d].1;
        if k == (n * m) as u32 {
            break;
        }
    }
    let mut out = String::new();
    for row in &g {
        let line: Vec<String> = row.iter().map(|x| x.to_string()).collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    print!("{}", out);
}
