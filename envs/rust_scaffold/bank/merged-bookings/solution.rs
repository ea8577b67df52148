use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut seg: Vec<(i64, i64)> = (0..n)
        .map(|_| {
            let l = it.next().unwrap();
            let r = it.next().unwrap();
            (l, r)
        })
        .collect();
    seg.sort_unstable();
    let mut blocks = 0u64;
    let mut hours = 0i64;
    let (mut cl, mut cr) = (seg[0].0, seg[0].1);
    for &(l, r) in &seg[1..] {
        if l > cr {
            blocks += 1;
            hours += cr - cl + 1;
            cl = l;
            cr = r;
        } else if r > cr {
            cr = r;
        }
    }
    blocks += 1;
    hours += cr - cl + 1;
    println!("{} {}", blocks, hours);
}
