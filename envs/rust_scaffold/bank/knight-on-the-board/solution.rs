use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let moves = [(1i32, 2i32), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    let mut out = String::new();
    for _ in 0..t {
        let b = it.next().unwrap().as_bytes();
        let (c, r) = ((b[0] - b'a') as i32, (b[1] - b'1') as i32);
        let n = moves
            .iter()
            .filter(|(dc, dr)| (0..8).contains(&(c + dc)) && (0..8).contains(&(r + dr)))
            .count();
        out.push_str(&format!("{}\n", n));
    }
    print!("{}", out);
}
