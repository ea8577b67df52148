use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let call = ["0", "15", "30", "40"];
    let mut out = String::new();
    for _ in 0..t {
        let g = it.next().unwrap();
        let (mut a, mut b) = (0i32, 0i32);
        for ch in g.chars() {
            if ch == 'A' { a += 1 } else { b += 1 }
        }
        let line = if a >= 4 && a - b >= 2 {
            "GAME A".to_string()
        } else if b >= 4 && b - a >= 2 {
            "GAME B".to_string()
        } else if a >= 3 && b >= 3 {
            match a - b {
                0 => "DEUCE".to_string(),
                1 => "ADVANTAGE A".to_string(),
                _ => "ADVANTAGE B".to_string(),
            }
        } else {
            format!("{}-{}", call[a as usize], call[b as usize])
        };
        out.push_str(&line);
        out.push('\n');
    }
    print!("{}", out);
}
