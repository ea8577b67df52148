use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let mut n: u64 = it.next().unwrap().parse().unwrap();
        let mut steps = 0;
        while n >= 10 {
            let mut s = 0;
            while n > 0 {
                s += n % 10;
                n /= 10;
            }
            n = s;
            steps += 1;
        }
        out.push_str(&format!("{}\n", steps));
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
