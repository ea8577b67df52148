use std::io::{self, Read};

const MD: u64 = 1_000_000_007;

type Mat = Vec<Vec<u64>>;

fn mul(a: &Mat, b: &Mat) -> Mat {
    let k = a.len();
    let mut c = vec![vec![0u64; k]; k];
    for i in 0..k {
        for t in 0..k {
            if a[i][t] == 0 {
                continue;
            }
            for j in 0..k {
                c[i][j] = (c[i][j] + a[i][t] * b[t][j]) % MD;
            }
        }
    }
    c
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let k = v[0] as usize;
    let st = v[1] as usize - 1;
    let mut n = v[2];
    let mut base: Mat = (0..k).map(|i| (0..k).map(|j| v[3 + i * k + j] % MD).collect()).collect();
    let mut res: Mat = (0..k).map(|i| (0..k).map(|j| if i == j { 1 } else { 0 }).collect()).collect();
    while n > 0 {
        if n & 1 == 1 {
            res = mul(&res, &base);
        }
        base = mul(&base, &base);
        n >>= 1;
    }
    let out: Vec<String> = res[st].iter().map(|x| x.to_string()).collect();
    println!("{}", out.join(" "));
}
