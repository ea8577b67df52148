use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0];
    // Pascal's triangle up to 60 (all values fit in u64)
    let mut c = vec![vec![0u64; 61]; 61];
    for a in 0..=60 {
        c[a][0] = 1;
        for b in 1..=a {
            c[a][b] = c[a - 1][b - 1] + c[a - 1][b];
        }
    }
    let choose = |a: usize, b: usize| if b > a { 0u128 } else { c[a][b] as u128 };
    let mut out = String::new();
    for i in 0..t {
        let (n, m, k) = (v[1 + 3 * i], v[2 + 3 * i], v[3 + 3 * i]);
        let ans = choose(m, k) * choose(n - m, m - k);
        out.push_str(&format!("{}\n", ans));
    }
    print!("{}", out);
}
