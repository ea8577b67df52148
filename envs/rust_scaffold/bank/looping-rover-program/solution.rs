use std::io::{self, Read};

fn run(prog: &[u8], times: u64, x: &mut i64, y: &mut i64, h: &mut usize) {
    let dirs = [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)];
    for _ in 0..times {
        for &c in prog {
            match c {
                b'F' => {
                    *x += dirs[*h].0;
                    *y += dirs[*h].1;
                }
                b'R' => *h = (*h + 1) % 4,
                _ => *h = (*h + 3) % 4,
            }
        }
    }
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let prog = it.next().unwrap().as_bytes();
    let k: u64 = it.next().unwrap().parse().unwrap();
    // four runs always bring the heading back to north: treat them as one block
    let (mut bx, mut by, mut bh) = (0i64, 0i64, 0usize);
    run(prog, 4, &mut bx, &mut by, &mut bh);
    let blocks = (k / 4) as i64;
    let (mut x, mut y, mut h) = (bx * blocks, by * blocks, 0usize);
    run(prog, k % 4, &mut x, &mut y, &mut h);
    println!("{} {}", x, y);
}
