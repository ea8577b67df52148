use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let m = it.next().unwrap() as usize;
    let a: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    let b: Vec<u64> = (0..m).map(|_| it.next().unwrap()).collect();
    let (mut i, mut j, mut cnt) = (0usize, 0usize, 0u64);
    while i < n && j < m {
        if a[i] == b[j] {
            cnt += 1;
            i += 1;
            j += 1;
        } else if a[i] < b[j] {
            i += 1;
        } else {
            j += 1;
        }
    }
    println!("{}", cnt);
}
