use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<usize>().unwrap());
    let n = it.next().unwrap();
    let m = it.next().unwrap();
    let k = it.next().unwrap() as i64;
    let mut diff = vec![0i64; n + 2];
    for _ in 0..m {
        let l = it.next().unwrap();
        let r = it.next().unwrap();
        diff[l] += 1;
        diff[r + 1] -= 1;
    }
    let mut coats = 0i64;
    let mut count = 0;
    for p in 1..=n {
        coats += diff[p];
        if coats >= k {
            count += 1;
        }
    }
    println!("{}", count);
}
