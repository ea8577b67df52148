use std::io::{self, Read};

fn value(c: u8) -> i32 {
    match c {
        b'I' => 1,
        b'V' => 5,
        b'X' => 10,
        b'L' => 50,
        b'C' => 100,
        b'D' => 500,
        _ => 1000,
    }
}

fn parse(s: &[u8]) -> i32 {
    let mut t = 0;
    for i in 0..s.len() {
        let v = value(s[i]);
        if i + 1 < s.len() && value(s[i + 1]) > v {
            t -= v;
        } else {
            t += v;
        }
    }
    t
}

fn write(v: i32) -> String {
    let ones = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"];
    let tens = ["", "X", "XX", "XXX", "XL", "L", "LX", "LXX", "LXXX", "XC"];
    let hund = ["", "C", "CC", "CCC", "CD", "D", "DC", "DCC", "DCCC", "CM"];
    let thou = ["", "M", "MM", "MMM"];
    format!(
        "{}{}{}{}",
        thou[(v / 1000) as usize],
        hund[(v / 100 % 10) as usize],
        tens[(v / 10 % 10) as usize],
        ones[(v % 10) as usize]
    )
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let q: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..q {
        let a = parse(it.next().unwrap().as_bytes());
        let b = parse(it.next().unwrap().as_bytes());
        out.push_str(&write(a + b));
        out.push('\n');
    }
    print!("{}", out);
}
