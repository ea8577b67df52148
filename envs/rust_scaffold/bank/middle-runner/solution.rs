use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u32>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut t: Vec<u32> = (0..n).map(|_| it.next().unwrap()).collect();
    let mid = n / 2;
    let (_, m, _) = t.select_nth_unstable(mid);
    println!("{}", m);
}
