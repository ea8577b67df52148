use std::io::{self, Read};

fn leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
    let month_len = [31i64, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let mut out = String::new();
    for _ in 0..t {
        let date = it.next().unwrap();
        let y: i64 = date[0..4].parse().unwrap();
        let m: usize = date[5..7].parse().unwrap();
        let d: i64 = date[8..10].parse().unwrap();
        // days since 0001-01-01
        let py = y - 1;
        let mut days = py * 365 + py / 4 - py / 100 + py / 400;
        for (i, len) in month_len.iter().enumerate().take(m - 1) {
            days += len;
            if i == 1 && leap(y) {
                days += 1;
            }
        }
        days += d - 1;
        out.push_str(names[(days % 7) as usize]);
        out.push('\n');
    }
    print!("{}", out);
}
