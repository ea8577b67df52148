use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let sticks = [6u64, 2, 5, 5, 4, 5, 6, 3, 7, 6];
    const N: usize = 1_000_000;
    let mut pre = vec![0u64; N + 2];
    for x in 0..=N {
        let mut c = 0;
        let mut y = x;
        loop {
            c += sticks[y % 10];
            y /= 10;
            if y == 0 {
                break;
            }
        }
        pre[x + 1] = pre[x] + c;
    }
    let mut out = String::new();
    for i in 0..v[0] {
        let (a, b) = (v[1 + 2 * i], v[2 + 2 * i]);
        out.push_str(&format!("{}\n", pre[b + 1] - pre[a]));
    }
    print!("{}", out);
}
