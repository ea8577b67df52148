use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let g: Vec<&[u8]> = (0..n).map(|_| it.next().unwrap().as_bytes()).collect();
    let beats = |i: usize, j: usize| g[i][j] == b'1';
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                let cyc1 = beats(a, b) && beats(b, c) && beats(c, a);
                let cyc2 = beats(a, c) && beats(c, b) && beats(b, a);
                if cyc1 || cyc2 {
                    println!("{} {} {}", a + 1, b + 1, c + 1);
                    return;
                }
            }
        }
    }
    println!("-1");
}
