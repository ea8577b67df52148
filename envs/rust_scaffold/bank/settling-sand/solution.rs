use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let m: usize = it.next().unwrap().parse().unwrap();
    let mut g: Vec<Vec<u8>> = (0..n).map(|_| it.next().unwrap().bytes().collect()).collect();
    for c in 0..m {
        // walk up the column; `floor` is the lowest free row for the next grain
        let mut floor = n as i64 - 1;
        for r in (0..n).rev() {
            match g[r][c] {
                b'#' => floor = r as i64 - 1,
                b'o' => {
                    g[r][c] = b'.';
                    g[floor as usize][c] = b'o';
                    floor -= 1;
                }
                _ => {}
            }
        }
    }
    let mut out = String::new();
    for row in &g {
        out.push_str(std::str::from_utf8(row).unwrap());
        out.push('\n');
    }
    print!("{}", out);
}
