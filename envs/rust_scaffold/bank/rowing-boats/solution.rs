use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let lim = it.next().unwrap();
    let mut w: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    w.sort_unstable();
    // the heaviest child takes a boat and brings the lightest one along if possible
    let (mut i, mut j) = (0usize, n);
    let mut boats = 0;
    while i < j {
        j -= 1;
        if i < j && w[i] + w[j] <= lim {
            i += 1;
        }
        boats += 1;
    }
    println!("{}", boats);
}
