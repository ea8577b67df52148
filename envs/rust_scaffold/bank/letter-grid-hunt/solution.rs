use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: i32 = it.next().unwrap().parse().unwrap();
    let m: i32 = it.next().unwrap().parse().unwrap();
    let g: Vec<&[u8]> = (0..n).map(|_| it.next().unwrap().as_bytes()).collect();
    let w = it.next().unwrap().as_bytes();
    let mut count = 0u64;
    for r in 0..n {
        for c in 0..m {
            for dr in -1..=1 {
                for dc in -1..=1 {
                    if dr == 0 && dc == 0 {
                        continue;
                    }
                    let ok = w.iter().enumerate().all(|(k, &ch)| {
                        let (rr, cc) = (r + dr * k as i32, c + dc * k as i32);
                        rr >= 0 && rr < n && cc >= 0 && cc < m && g[rr as usize][cc as usize] == ch
                    });
                    if ok {
                        count += 1;
                    }
                }
            }
        }
    }
    println!("{}", count);
}
