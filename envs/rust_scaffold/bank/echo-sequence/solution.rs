use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (start, n) = (v[0], v[1]);
    let size = start.max(n) + 2;
    // last[v] = last index (1-based) where value v was seen, 0 if never
    let mut last = vec![0usize; size];
    let mut cur = start;
    let mut zeros: u64 = if start == 0 { 1 } else { 0 };
    for i in 1..n {
        let next = if last[cur] != 0 { i - last[cur] } else { 0 };
        last[cur] = i;
        cur = next;
        if cur == 0 {
            zeros += 1;
        }
    }
    println!("{} {}", cur, zeros);
}
