use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<usize>().unwrap());
    let n = it.next().unwrap();
    let k = it.next().unwrap();
    let mut cnt = vec![0usize; 1001];
    for _ in 0..n {
        cnt[it.next().unwrap()] += 1;
    }
    // find the k-th largest score by walking down from the top
    let mut seen = 0;
    let mut cut = 0;
    for v in (0..=1000).rev() {
        seen += cnt[v];
        if seen >= k {
            cut = v;
            break;
        }
    }
    let lo = cut.max(1);
    let answer: usize = (lo..=1000).map(|v| cnt[v]).sum();
    println!("{}", answer);
}
