use std::io::{self, Read};

fn m(s: &str) -> i64 {
    s[0..2].parse::<i64>().unwrap() * 60 + s[3..5].parse::<i64>().unwrap()
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let a = m(it.next().unwrap());
    let b = m(it.next().unwrap());
    let p: i64 = it.next().unwrap().parse().unwrap();
    let q: usize = it.next().unwrap().parse().unwrap();
    let last = a + (b - a) / p * p;
    let mut out = String::new();
    for _ in 0..q {
        let x = m(it.next().unwrap());
        let dep = if x <= a { a } else { a + (x - a + p - 1) / p * p };
        if dep > last {
            out.push_str("-1\n");
        } else {
            out.push_str(&format!("{}\n", dep - x));
        }
    }
    print!("{}", out);
}
