use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n_max = 1_000_000usize;
    let mut composite = vec![false; n_max + 1];
    composite[0] = true;
    composite[1] = true;
    let mut i = 2;
    while i * i <= n_max {
        if !composite[i] {
            let mut j = i * i;
            while j <= n_max {
                composite[j] = true;
                j += i;
            }
        }
        i += 1;
    }
    let mut out = Vec::new();
    for &n in &v[1..] {
        let mut cnt = 0u32;
        for p in 2..=n / 2 {
            if !composite[p] && !composite[n - p] {
                cnt += 1;
            }
        }
        out.push(cnt.to_string());
    }
    println!("{}", out.join("\n"));
}
