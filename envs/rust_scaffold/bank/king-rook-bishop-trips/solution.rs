use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        let (r1, c1, r2, c2) = (v[2 + 5 * i], v[3 + 5 * i], v[4 + 5 * i], v[5 + 5 * i]);
        let dr = (r1 - r2).abs();
        let dc = (c1 - c2).abs();
        let king = dr.max(dc);
        let same = dr == 0 && dc == 0;
        let rook = if same { 0 } else if dr == 0 || dc == 0 { 1 } else { 2 };
        let bishop = if same {
            0
        } else if (dr + dc) % 2 == 1 {
            -1
        } else if dr == dc {
            1
        } else {
            2
        };
        out.push_str(&format!("{} {} {}\n", king, rook, bishop));
    }
    print!("{}", out);
}
