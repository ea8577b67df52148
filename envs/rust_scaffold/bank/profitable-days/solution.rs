use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut total = 0i64;
    let mut days = 0;
    for _ in 0..n {
        total += it.next().unwrap();
        if total > 0 {
            days += 1;
        }
    }
    println!("{}", days);
}
