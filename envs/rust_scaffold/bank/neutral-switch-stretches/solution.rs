use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u32> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let mut pre = Vec::with_capacity(n + 1);
    pre.push(0u32);
    let mut x = 0u32;
    for &a in &v[1..1 + n] {
        x ^= a;
        pre.push(x);
    }
    pre.sort_unstable();
    let mut total = 0u64;
    let mut i = 0;
    while i < pre.len() {
        let mut j = i;
        while j < pre.len() && pre[j] == pre[i] {
            j += 1;
        }
        let k = (j - i) as u64;
        total += k * (k - 1) / 2;
        i = j;
    }
    println!("{}", total);
}
