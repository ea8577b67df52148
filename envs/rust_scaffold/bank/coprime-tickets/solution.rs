use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let mut out = String::new();
    for &n in &v[1..] {
        // factor n by trial division, collect distinct primes
        let mut m = n;
        let mut primes = Vec::new();
        let mut d = 2u64;
        while d * d <= m {
            if m % d == 0 {
                primes.push(d);
                while m % d == 0 {
                    m /= d;
                }
            }
            d += 1;
        }
        if m > 1 {
            primes.push(m);
        }
        let mut r = n;
        for p in primes {
            r = r / p * (p - 1);
        }
        out.push_str(&format!("{}\n", r));
    }
    print!("{}", out);
}
