use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut a: Vec<i64> = (0..n).map(|_| it.next().unwrap()).collect();
    // key: evens first by value, then odds by negated value
    a.sort_by_key(|&x| if x % 2 == 0 { (0, x) } else { (1, -x) });
    let out: Vec<String> = a.iter().map(|x| x.to_string()).collect();
    println!("{}", out.join(" "));
}
