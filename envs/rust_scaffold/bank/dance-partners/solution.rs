use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let m = it.next().unwrap() as usize;
    let d = it.next().unwrap();
    let mut a: Vec<i64> = (0..n).map(|_| it.next().unwrap()).collect();
    let mut b: Vec<i64> = (0..m).map(|_| it.next().unwrap()).collect();
    a.sort_unstable();
    b.sort_unstable();
    let (mut i, mut j, mut pairs) = (0usize, 0usize, 0u64);
    while i < n && j < m {
        if (a[i] - b[j]).abs() <= d {
            pairs += 1;
            i += 1;
            j += 1;
        } else if a[i] < b[j] {
            i += 1;
        } else {
            j += 1;
        }
    }
    println!("{}", pairs);
}
