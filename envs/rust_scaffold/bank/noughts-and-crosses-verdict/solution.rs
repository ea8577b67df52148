use std::io::{self, Read};

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6],
];

fn wins(b: &[u8], p: u8) -> bool {
    LINES.iter().any(|l| l.iter().all(|&i| b[i] == p))
}

fn verdict(b: &[u8]) -> &'static str {
    let x = b.iter().filter(|&&c| c == b'X').count();
    let o = b.iter().filter(|&&c| c == b'O').count();
    if !(x == o || x == o + 1) {
        return "invalid";
    }
    let (xw, ow) = (wins(b, b'X'), wins(b, b'O'));
    if xw && ow {
        return "invalid";
    }
    if xw {
        return if x == o + 1 { "X wins" } else { "invalid" };
    }
    if ow {
        return if x == o { "O wins" } else { "invalid" };
    }
    if x + o == 9 { "draw" } else { "ongoing" }
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let mut out = Vec::new();
    for _ in 0..t {
        let mut b = Vec::new();
        for _ in 0..3 {
            b.extend_from_slice(it.next().unwrap().as_bytes());
        }
        out.push(verdict(&b));
    }
    println!("{}", out.join("\n"));
}
