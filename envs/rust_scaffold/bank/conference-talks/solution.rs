use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut t: Vec<(i64, i64)> = (0..n)
        .map(|_| {
            let a = it.next().unwrap();
            let b = it.next().unwrap();
            (b, a)
        })
        .collect();
    t.sort_unstable();
    let mut last_end = i64::MIN;
    let mut count = 0;
    for (e, st) in t {
        if st >= last_end {
            count += 1;
            last_end = e;
        }
    }
    println!("{}", count);
}
