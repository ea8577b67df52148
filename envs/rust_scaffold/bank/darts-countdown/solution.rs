use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let start: i64 = it.next().unwrap().parse().unwrap();
    let n: usize = it.next().unwrap().parse().unwrap();
    let darts: Vec<&str> = (0..n).map(|_| it.next().unwrap()).collect();
    let mut score = start;
    let mut turn_start = start;
    let mut skip_until = 0usize;
    for (i, d) in darts.iter().enumerate() {
        if i % 3 == 0 {
            turn_start = score;
        }
        if i < skip_until {
            continue;
        }
        let (v, dbl) = match *d {
            "MISS" => (0, false),
            "OUTER" => (25, false),
            "BULL" => (50, true),
            _ => {
                let k: i64 = d[1..].parse().unwrap();
                match &d[0..1] {
                    "S" => (k, false),
                    "D" => (2 * k, true),
                    _ => (3 * k, false),
                }
            }
        };
        let ns = score - v;
        if ns == 0 && dbl {
            println!("WIN {}", i + 1);
            return;
        }
        if ns <= 1 {
            score = turn_start;
            skip_until = (i / 3 + 1) * 3;
        } else {
            score = ns;
        }
    }
    println!("{}", score);
}
