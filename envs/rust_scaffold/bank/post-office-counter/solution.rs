use std::collections::VecDeque;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut queue: VecDeque<(i64, i64)> = (0..n)
        .map(|_| {
            let t = it.next().unwrap();
            let d = it.next().unwrap();
            (t, d)
        })
        .collect();
    let mut clock = 0i64;
    let mut longest = 0i64;
    while let Some((arrive, need)) = queue.pop_front() {
        if clock < arrive {
            clock = arrive;
        }
        longest = longest.max(clock - arrive);
        clock += need;
    }
    println!("{} {}", clock, longest);
}
