use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let mut out = String::new();
    for i in 0..v[0] as usize {
        let n = v[1 + 2 * i];
        let mut b = v[2 + 2 * i];
        let mut primes: Vec<(u64, u64)> = Vec::new();
        let mut d = 2u64;
        while d * d <= b {
            if b % d == 0 {
                let mut e = 0;
                while b % d == 0 {
                    b /= d;
                    e += 1;
                }
                primes.push((d, e));
            }
            d += 1;
        }
        if b > 1 {
            primes.push((b, 1));
        }
        let mut best = u64::MAX;
        for (p, e) in primes {
            let mut cnt = 0u64;
            let mut m = n;
            while m > 0 {
                m /= p;
                cnt += m;
            }
            best = best.min(cnt / e);
        }
        out.push_str(&format!("{}\n", best));
    }
    print!("{}", out);
}
