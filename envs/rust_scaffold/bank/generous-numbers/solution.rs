use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let mut out = Vec::new();
    for &n in &v[1..] {
        // sigma(n) from the prime factorisation
        let mut m = n;
        let mut sigma = 1u64;
        let mut p = 2u64;
        while p * p <= m {
            if m % p == 0 {
                let mut term = 1u64;
                let mut pk = 1u64;
                while m % p == 0 {
                    m /= p;
                    pk *= p;
                    term += pk;
                }
                sigma *= term;
            }
            p += 1;
        }
        if m > 1 {
            sigma *= m + 1;
        }
        let proper = sigma - n;
        out.push(if proper > n {
            "generous"
        } else if proper == n {
            "balanced"
        } else {
            "modest"
        });
    }
    println!("{}", out.join("\n"));
}
