use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let t = it.next().unwrap();
    let mut w: Vec<i64> = (0..n).map(|_| it.next().unwrap()).collect();
    w.sort_unstable();
    let (mut i, mut j) = (0usize, n - 1);
    let mut best = i64::MAX;
    while i < j {
        let sum = w[i] + w[j];
        best = best.min((sum - t).abs());
        if sum < t {
            i += 1;
        } else if sum > t {
            j -= 1;
        } else {
            break;
        }
    }
    println!("{}", best);
}
