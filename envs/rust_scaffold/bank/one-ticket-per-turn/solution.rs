use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let k = v[1] as usize - 1;
    let t = &v[2..2 + n];
    let need = t[k];
    let mut ans = 0u64;
    for (i, &x) in t.iter().enumerate() {
        let cap = if i <= k { need } else { need - 1 };
        ans += x.min(cap);
    }
    println!("{}", ans);
}
