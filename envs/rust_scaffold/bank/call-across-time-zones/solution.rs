use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let tm = it.next().unwrap();
        let a: i64 = it.next().unwrap().parse().unwrap();
        let b: i64 = it.next().unwrap().parse().unwrap();
        let h: i64 = tm[0..2].parse().unwrap();
        let m: i64 = tm[3..5].parse().unwrap();
        let total = h * 60 + m + (b - a) * 60;
        let day = total.div_euclid(1440);
        let x = total.rem_euclid(1440);
        let word = match day {
            -1 => "previous",
            0 => "same",
            _ => "next",
        };
        out.push_str(&format!("{:02}:{:02} {}\n", x / 60, x % 60, word));
    }
    print!("{}", out);
}
