use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let k: usize = it.next().unwrap().parse().unwrap();
        let mut total = 0u32;
        let mut aces = 0u32;
        for _ in 0..k {
            let c = it.next().unwrap();
            match c {
                "A" => {
                    aces += 1;
                    total += 1;
                }
                "J" | "Q" | "K" => total += 10,
                _ => total += c.parse::<u32>().unwrap(),
            }
        }
        if aces > 0 && total + 10 <= 21 {
            total += 10;
        }
        if k == 2 && total == 21 {
            out.push_str("BLACKJACK\n");
        } else if total > 21 {
            out.push_str("BUST\n");
        } else {
            out.push_str(&format!("{}\n", total));
        }
    }
    print!("{}", out);
}
