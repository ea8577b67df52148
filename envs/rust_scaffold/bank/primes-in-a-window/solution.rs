use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (l, r) = (v[0], v[1]);
    let mut root = (r as f64).sqrt() as u64 + 1;
    while root * root > r {
        root -= 1;
    }
    let mut comp = vec![false; root as usize + 1];
    let mut primes = Vec::new();
    for i in 2..=root as usize {
        if !comp[i] {
            primes.push(i as u64);
            let mut j = i * i;
            while j <= root as usize {
                comp[j] = true;
                j += i;
            }
        }
    }
    let len = (r - l + 1) as usize;
    let mut is_prime = vec![true; len];
    for &p in &primes {
        let mut start = (l + p - 1) / p * p;
        if start < p * p {
            start = p * p;
        }
        let mut x = start;
        while x <= r {
            is_prime[(x - l) as usize] = false;
            x += p;
        }
    }
    let mut count = is_prime.iter().filter(|&&b| b).count();
    if l == 1 {
        count -= 1;
    }
    println!("{}", count);
}
