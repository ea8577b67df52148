use std::io::{self, Read, Write};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let tm = it.next().unwrap();
        let h: i64 = tm[0..2].parse().unwrap();
        let m: i64 = tm[3..5].parse().unwrap();
        // work in half-degrees
        let hour = 60 * (h % 12) + m;
        let minute = 12 * m;
        let mut d = (hour - minute).abs();
        d = d.min(720 - d);
        if d % 2 == 0 {
            out.push_str(&format!("{}\n", d / 2));
        } else {
            out.push_str(&format!("{}.5\n", d / 2));
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
