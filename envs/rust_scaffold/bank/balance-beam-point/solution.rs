use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let a: Vec<i64> = (0..n).map(|_| it.next().unwrap()).collect();
    let mut right: i64 = a.iter().sum();
    let mut left = 0i64;
    for i in 0..n {
        right -= a[i];
        if left == right {
            println!("{}", i + 1);
            return;
        }
        left += a[i];
    }
    println!("-1");
}
