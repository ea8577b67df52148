use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let k = v[1] as usize;
    let t = &v[2..2 + n];
    // bad[i] = 1 if t[i] >= t[i+1] (a break between day i and i+1); windows need no breaks inside
    let mut pre = vec![0usize; n];
    for i in 1..n {
        pre[i] = pre[i - 1] + if t[i - 1] >= t[i] { 1 } else { 0 };
    }
    let mut cnt = 0u64;
    for i in 0..=(n - k) {
        if pre[i + k - 1] - pre[i] == 0 {
            cnt += 1;
        }
    }
    println!("{}", cnt);
}
