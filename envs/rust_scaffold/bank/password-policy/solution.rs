use std::io::{self, Read};

fn rule_broken(p: &[u8]) -> Option<u32> {
    if p.len() < 8 || p.len() > 30 {
        return Some(1);
    }
    if !p.iter().any(|c| c.is_ascii_lowercase()) {
        return Some(2);
    }
    if !p.iter().any(|c| c.is_ascii_uppercase()) {
        return Some(3);
    }
    if !p.iter().any(|c| c.is_ascii_digit()) {
        return Some(4);
    }
    if !p.iter().any(|c| b"!@#$%&*".contains(c)) {
        return Some(5);
    }
    if p.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]) {
        return Some(6);
    }
    None
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..n {
        match rule_broken(it.next().unwrap().as_bytes()) {
            Some(r) => out.push_str(&format!("{}\n", r)),
            None => out.push_str("OK\n"),
        }
    }
    print!("{}", out);
}
