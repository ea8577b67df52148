use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let g: Vec<Vec<usize>> = (0..9)
            .map(|_| it.next().unwrap().bytes().map(|b| (b - b'0') as usize).collect())
            .collect();
        let mut broken = 0;
        for k in 0..9 {
            let mut row = 0u32;
            let mut col = 0u32;
            let mut bx = 0u32;
            for j in 0..9 {
                row |= 1 << g[k][j];
                col |= 1 << g[j][k];
                bx |= 1 << g[(k / 3) * 3 + j / 3][(k % 3) * 3 + j % 3];
            }
            for m in [row, col, bx] {
                if m != 0b11_1111_1110 {
                    broken += 1;
                }
            }
        }
        if broken == 0 {
            out.push_str("OK\n");
        } else {
            out.push_str(&format!("BAD {}\n", broken));
        }
    }
    print!("{}", out);
}
