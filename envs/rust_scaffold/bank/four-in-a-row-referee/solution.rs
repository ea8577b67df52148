use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (rows, cols, n) = (v[0] as i64, v[1] as i64, v[2]);
    let mut g = vec![vec![0u8; cols as usize]; rows as usize];
    let mut h = vec![0i64; cols as usize];
    for i in 0..n {
        let c = (v[3 + i] - 1) as i64;
        let p = if i % 2 == 0 { 1u8 } else { 2u8 };
        let r = h[c as usize];
        g[r as usize][c as usize] = p;
        h[c as usize] += 1;
        let count = |dr: i64, dc: i64| -> i64 {
            let mut k = 0;
            let (mut rr, mut cc) = (r + dr, c + dc);
            while rr >= 0 && rr < rows && cc >= 0 && cc < cols && g[rr as usize][cc as usize] == p {
                k += 1;
                rr += dr;
                cc += dc;
            }
            k
        };
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            if 1 + count(dr, dc) + count(-dr, -dc) >= 4 {
                println!("{} {}", if p == 1 { "X" } else { "O" }, i + 1);
                return;
            }
        }
    }
    println!("NONE");
}
