use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let (lo, hi) = (v[1], v[2]);
    let mut on = false;
    let (mut minutes, mut switches) = (0u64, 0u64);
    for &t in &v[3..3 + n] {
        if t < lo {
            if !on {
                switches += 1;
            }
            on = true;
        } else if t > hi {
            on = false;
        }
        if on {
            minutes += 1;
        }
    }
    println!("{} {}", minutes, switches);
}
