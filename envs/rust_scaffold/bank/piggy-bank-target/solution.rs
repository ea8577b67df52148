use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let mut out = String::new();
    for i in 0..v[0] as usize {
        let (a, b, t) = (v[1 + 3 * i], v[2 + 3 * i], v[3 + 3 * i]);
        let week = 5 * a + 2 * b;
        // full weeks strictly before the target is reached, then day by day
        let full = (t - 1) / week;
        let mut have = full * week;
        let mut day = full * 7;
        loop {
            day += 1;
            have += if (day - 1) % 7 < 5 { a } else { b };
            if have >= t {
                break;
            }
        }
        out.push_str(&format!("{}\n", day));
    }
    print!("{}", out);
}
