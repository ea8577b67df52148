use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut bal = it.next().unwrap();
    let mut low = bal;
    for _ in 0..n {
        bal += it.next().unwrap();
        if bal < low {
            low = bal;
        }
    }
    println!("{}", low);
}
