use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let tm = it.next().unwrap();
        let h: u32 = tm[0..2].parse().unwrap();
        let (hh, suf) = match h {
            0 => (12, "AM"),
            1..=11 => (h, "AM"),
            12 => (12, "PM"),
            _ => (h - 12, "PM"),
        };
        out.push_str(&format!("{}:{} {}\n", hh, &tm[3..5], suf));
    }
    print!("{}", out);
}
