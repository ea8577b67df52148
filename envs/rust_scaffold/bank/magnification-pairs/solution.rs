use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (n, m, l, r) = (v[0] as usize, v[1] as usize, v[2], v[3]);
    let o = &v[4..4 + n];
    let e = &v[4 + n..4 + n + m];
    let mut count = 0u64;
    for &x in o {
        for &y in e {
            let p = x * y;
            if p >= l && p <= r {
                count += 1;
            }
        }
    }
    println!("{}", count);
}
