use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let m = it.next().unwrap() as usize;
    let mut h: Vec<i64> = (0..n).map(|_| it.next().unwrap()).collect();
    let mut p: Vec<i64> = (0..m).map(|_| it.next().unwrap()).collect();
    h.sort_unstable();
    p.sort_unstable();
    // both sorted: the closest pharmacy index never moves left
    let mut j = 0usize;
    let mut total = 0i64;
    for &x in &h {
        while j + 1 < m && (p[j + 1] - x).abs() <= (p[j] - x).abs() {
            j += 1;
        }
        total += (p[j] - x).abs();
    }
    println!("{}", total);
}
