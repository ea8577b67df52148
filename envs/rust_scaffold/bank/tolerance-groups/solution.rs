use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let d = it.next().unwrap();
    let mut l: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    l.sort_unstable();
    let mut boxes = 0;
    let mut start = 0u64;
    for (i, &x) in l.iter().enumerate() {
        if i == 0 || x - start > d {
            boxes += 1;
            start = x;
        }
    }
    println!("{}", boxes);
}
