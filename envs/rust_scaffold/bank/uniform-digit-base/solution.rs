use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let n: u64 = s.trim().parse().unwrap();
    // bases with b * b <= n may give three or more digits (or two digits); check them one by one
    let mut b: u64 = 2;
    while b * b <= n {
        let d = n % b;
        let mut x = n;
        let mut ok = true;
        while x > 0 {
            if x % b != d {
                ok = false;
                break;
            }
            x /= b;
        }
        if ok && d > 0 {
            println!("{} {}", b, d);
            return;
        }
        b += 1;
    }
    // from here on n has exactly two digits in base b (b*b > n, b < n): n = d*(b+1), d < b.
    // the base grows as the digit shrinks, so try the digit from the largest possible value down
    let mut d = n / b; // digit bound for bases >= b
    loop {
        if d == 0 {
            break;
        }
        if n % d == 0 {
            let base = n / d - 1;
            if base >= b && d < base {
                println!("{} {}", base, d);
                return;
            }
        }
        d -= 1;
    }
    println!("{} 1", n - 1);
}
