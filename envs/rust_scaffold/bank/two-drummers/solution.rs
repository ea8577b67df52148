use std::io::{self, Read, Write};

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u128>().unwrap());
    let t = it.next().unwrap() as usize;
    let mut out = String::new();
    for _ in 0..t {
        let a = it.next().unwrap();
        let b = it.next().unwrap();
        let l = it.next().unwrap();
        let r = it.next().unwrap();
        let lcm = a / gcd(a, b) * b;
        let f = |n: u128| n / a + n / b - n / lcm;
        out.push_str(&format!("{}\n", f(r) - f(l - 1)));
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
