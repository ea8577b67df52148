use std::io::{self, Read, Write};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let q: usize = it.next().unwrap().parse().unwrap();
    let row = it.next().unwrap().as_bytes();
    // runs_at_least[k] = number of free runs of length >= k
    let mut by_len = vec![0u64; n + 2];
    let mut run = 0;
    for i in 0..=n {
        if i < n && row[i] == b'0' {
            run += 1;
        } else {
            if run > 0 {
                by_len[run] += 1;
            }
            run = 0;
        }
    }
    let mut ans = vec![0u64; n + 2];
    let mut at_least = 0u64;
    for k in (1..=n).rev() {
        at_least += by_len[k];
        // a run of length L has L - k + 1 blocks; going from k + 1 to k adds one per run
        ans[k] = ans[k + 1] + at_least;
    }
    let mut out = String::with_capacity(q * 7);
    for i in 0..q {
        let k: usize = it.next().unwrap().parse().unwrap();
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&ans[k].to_string());
    }
    out.push('\n');
    io::stdout().write_all(out.as_bytes()).unwrap();
}
