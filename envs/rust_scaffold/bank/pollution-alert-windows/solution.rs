use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let k = v[1] as usize;
    let c = v[2];
    let a = &v[3..3 + n];
    let need = c * k as i64;
    let mut sum: i64 = a[..k].iter().sum();
    let mut cnt = if sum >= need { 1u64 } else { 0 };
    for i in k..n {
        sum += a[i] - a[i - k];
        if sum >= need {
            cnt += 1;
        }
    }
    println!("{}", cnt);
}
