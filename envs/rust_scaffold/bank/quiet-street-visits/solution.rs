use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    // take: best total when the current house is knocked; skip: when it is not
    let (mut take, mut skip) = (0u64, 0u64);
    for _ in 0..n {
        let c = it.next().unwrap();
        let nt = skip + c;
        let ns = take.max(skip);
        take = nt;
        skip = ns;
    }
    println!("{}", take.max(skip));
}
