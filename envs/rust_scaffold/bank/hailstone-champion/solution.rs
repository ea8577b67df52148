use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (l, r) = (v[0], v[1]);
    let mut len = vec![0u32; r + 1];
    let mut path: Vec<u64> = Vec::new();
    for start in 2..=r {
        // walk until a value with a known length (any value <= r below start, or 1)
        let mut x = start as u64;
        path.clear();
        while x == start as u64 || x > r as u64 || (x != 1 && len[x as usize] == 0) {
            path.push(x);
            x = if x % 2 == 0 { x / 2 } else { 3 * x + 1 };
        }
        let mut cur = if x == 1 { 0 } else { len[x as usize] };
        for &y in path.iter().rev() {
            cur += 1;
            if y <= r as u64 {
                len[y as usize] = cur;
            }
        }
    }
    let mut best = (l, len[l]);
    for x in l..=r {
        if len[x] > best.1 {
            best = (x, len[x]);
        }
    }
    println!("{} {}", best.0, best.1);
}
