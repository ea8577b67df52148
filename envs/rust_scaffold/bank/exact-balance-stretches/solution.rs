use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let k = it.next().unwrap();
    // prefix sums, sorted, then count pairs p[r] - p[l] = k with l < r via index-aware search
    let mut pre = vec![(0i64, 0usize); n + 1];
    let mut run = 0i64;
    for i in 1..=n {
        run += it.next().unwrap();
        pre[i] = (run, i);
    }
    let mut sorted = pre.clone();
    sorted.sort_unstable();
    let mut total: u64 = 0;
    for r in 1..=n {
        let target = pre[r].0 - k;
        // number of entries (target, l) with l < r
        let lo = sorted.partition_point(|&(v, _)| v < target);
        let hi = sorted.partition_point(|&(v, idx)| v < target || (v == target && idx < r));
        total += (hi - lo) as u64;
    }
    println!("{}", total);
}
