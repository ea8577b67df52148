use std::io::{self, Read};

// pos: index of the next digit; total: value of finished terms; cur: the term being built (signed)
fn go(d: &[i64], pos: usize, total: i64, cur: i64, sign: i64, t: i64) -> u64 {
    if pos == d.len() {
        return if total + sign * cur == t { 1 } else { 0 };
    }
    let x = d[pos];
    // no sign: extend the current number
    let mut c = go(d, pos + 1, total, cur * 10 + x, sign, t);
    c += go(d, pos + 1, total + sign * cur, x, 1, t);
    c += go(d, pos + 1, total + sign * cur, x, -1, t);
    c
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let digits: Vec<i64> = it.next().unwrap().bytes().map(|b| (b - b'0') as i64).collect();
    let t: i64 = it.next().unwrap().parse().unwrap();
    println!("{}", go(&digits, 1, 0, digits[0], 1, t));
}
