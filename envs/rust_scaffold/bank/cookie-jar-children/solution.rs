use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let m = it.next().unwrap() as usize;
    let mut g: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    let mut c: Vec<u64> = (0..m).map(|_| it.next().unwrap()).collect();
    g.sort_unstable();
    c.sort_unstable();
    // smallest cookie that satisfies the least hungry remaining child
    let mut i = 0;
    for &size in &c {
        if i < n && size >= g[i] {
            i += 1;
        }
    }
    println!("{}", i);
}
