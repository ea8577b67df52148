use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let mut out = String::new();
    for &n in &v[1..] {
        // two pointers: a grows from 0, b shrinks from floor(sqrt(n))
        let mut b = (n as f64).sqrt() as u64 + 2;
        while b * b > n {
            b -= 1;
        }
        let mut a = 0u64;
        let mut count = 0;
        while a <= b {
            let sum = a * a + b * b;
            if sum == n {
                count += 1;
                a += 1;
            } else if sum < n {
                a += 1;
            } else {
                b -= 1;
            }
        }
        out.push_str(&format!("{}\n", count));
    }
    print!("{}", out);
}
