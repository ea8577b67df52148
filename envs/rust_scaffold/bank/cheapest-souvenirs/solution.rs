use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let b = it.next().unwrap();
    let mut p: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    p.sort_unstable();
    let mut spent = 0u64;
    let mut count = 0;
    for x in p {
        if spent + x > b {
            break;
        }
        spent += x;
        count += 1;
    }
    println!("{}", count);
}
