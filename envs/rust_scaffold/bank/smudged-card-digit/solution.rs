use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let card = it.next().unwrap().as_bytes();
        let n = card.len();
        let mut known = 0u32;
        let mut hole_doubled = false;
        let mut hole = 0;
        for (i, &c) in card.iter().enumerate() {
            let from_right = n - i; // 1-based position from the right
            if c == b'?' {
                hole = i;
                hole_doubled = from_right % 2 == 0;
                continue;
            }
            let mut d = (c - b'0') as u32;
            if from_right % 2 == 0 {
                d *= 2;
                if d > 9 {
                    d -= 9;
                }
            }
            known += d;
        }
        for d in 0..10u32 {
            let v = if hole_doubled { if 2 * d > 9 { 2 * d - 9 } else { 2 * d } } else { d };
            if (known + v) % 10 == 0 {
                let mut res = card.to_vec();
                res[hole] = b'0' + d as u8;
                out.push_str(std::str::from_utf8(&res).unwrap());
                out.push('\n');
                break;
            }
        }
    }
    print!("{}", out);
}
