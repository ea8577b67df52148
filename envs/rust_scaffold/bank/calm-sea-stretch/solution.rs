use std::collections::VecDeque;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let d = v[1];
    let h = &v[2..2 + n];
    let mut qmax: VecDeque<usize> = VecDeque::new();
    let mut qmin: VecDeque<usize> = VecDeque::new();
    let mut left = 0usize;
    let (mut best, mut start) = (0usize, 0usize);
    for right in 0..n {
        while let Some(&b) = qmax.back() {
            if h[b] <= h[right] {
                qmax.pop_back();
            } else {
                break;
            }
        }
        qmax.push_back(right);
        while let Some(&b) = qmin.back() {
            if h[b] >= h[right] {
                qmin.pop_back();
            } else {
                break;
            }
        }
        qmin.push_back(right);
        while h[*qmax.front().unwrap()] - h[*qmin.front().unwrap()] > d {
            left += 1;
            if *qmax.front().unwrap() < left {
                qmax.pop_front();
            }
            if *qmin.front().unwrap() < left {
                qmin.pop_front();
            }
        }
        if right + 1 - left > best {
            best = right + 1 - left;
            start = left + 1;
        }
    }
    println!("{} {}", best, start);
}
