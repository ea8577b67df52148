use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let m: u64 = s.trim().parse().unwrap();
    // with m = 1 every value is 0 and the period is 1
    let (mut a, mut b) = (0u64, 1u64 % m);
    let mut p = 0u64;
    let mut zeros = 0u64;
    loop {
        if a == 0 {
            zeros += 1;
        }
        let c = (a + b) % m;
        a = b;
        b = c;
        p += 1;
        if a == 0 && b == 1 % m {
            break;
        }
    }
    println!("{} {}", p, zeros);
}
