use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let k = it.next().unwrap() as usize;
    let g: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    // compress genres to 0..distinct
    let mut sorted = g.clone();
    sorted.sort_unstable();
    sorted.dedup();
    let id: Vec<usize> = g.iter().map(|x| sorted.binary_search(x).unwrap()).collect();
    let mut cnt = vec![0usize; sorted.len()];
    let mut distinct = 0usize;
    let (mut best, mut ways) = (0usize, 0usize);
    for i in 0..n {
        if cnt[id[i]] == 0 {
            distinct += 1;
        }
        cnt[id[i]] += 1;
        if i >= k {
            cnt[id[i - k]] -= 1;
            if cnt[id[i - k]] == 0 {
                distinct -= 1;
            }
        }
        if i + 1 >= k {
            if distinct > best {
                best = distinct;
                ways = 1;
            } else if distinct == best {
                ways += 1;
            }
        }
    }
    println!("{} {}", best, ways);
}
