use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let m: usize = it.next().unwrap().parse().unwrap();
    let g: Vec<&[u8]> = (0..n).map(|_| it.next().unwrap().as_bytes()).collect();
    let lit = |i: i64, j: i64| i >= 0 && j >= 0 && (i as usize) < n && (j as usize) < m && g[i as usize][j as usize] == b'#';
    let mut best: i64 = -1;
    for i in 0..n as i64 {
        for j in 0..m as i64 {
            if !lit(i, j) {
                continue;
            }
            let mut l = best.max(0);
            // only try to beat the current best: check arm l+1 onwards after verifying l
            let ok = |l: i64| lit(i - l, j) && lit(i + l, j) && lit(i, j - l) && lit(i, j + l);
            let mut fine = true;
            for k in 1..=l {
                if !ok(k) {
                    fine = false;
                    break;
                }
            }
            if !fine {
                continue;
            }
            while ok(l + 1) {
                l += 1;
            }
            best = best.max(l);
        }
    }
    println!("{}", best);
}
