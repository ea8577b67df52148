use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let budget = it.next().unwrap();
    let c: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    let mut left = 0usize;
    let mut sum = 0u64;
    let mut best = 0usize;
    for right in 0..n {
        sum += c[right];
        while sum > budget {
            sum -= c[left];
            left += 1;
        }
        if right + 1 - left > best {
            best = right + 1 - left;
        }
    }
    println!("{}", best);
}
