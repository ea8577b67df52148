use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u32> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let mut count = 0u32;
    for x in v[0]..=v[1] {
        let mut d = [0u32; 6];
        let mut y = x;
        for slot in d.iter_mut() {
            *slot = y % 10;
            y /= 10;
        }
        if d[0] + d[1] + d[2] == d[3] + d[4] + d[5] {
            count += 1;
        }
    }
    println!("{}", count);
}
