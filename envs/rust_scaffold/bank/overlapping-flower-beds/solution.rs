use std::io::{self, Read};

fn overlap(a1: i64, a2: i64, b1: i64, b2: i64) -> i64 {
    let (lo_a, hi_a) = (a1.min(a2), a1.max(a2));
    let (lo_b, hi_b) = (b1.min(b2), b1.max(b2));
    (hi_a.min(hi_b) - lo_a.max(lo_b)).max(0)
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let mut out = String::new();
    for i in 0..v[0] as usize {
        let q = &v[1 + 8 * i..9 + 8 * i];
        let area = overlap(q[0], q[2], q[4], q[6]) * overlap(q[1], q[3], q[5], q[7]);
        out.push_str(&format!("{}\n", area));
    }
    print!("{}", out);
}
