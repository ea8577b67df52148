use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0];
    let mut pos = v[1];
    let mut sunk = vec![false; n as usize + 1];
    let mut jumps = 0u64;
    loop {
        let next = pos + v[1 + pos as usize];
        sunk[pos as usize] = true;
        jumps += 1;
        if next < 1 || next > n {
            println!("{} BANK", jumps);
            return;
        }
        if sunk[next as usize] {
            println!("{} WATER", jumps);
            return;
        }
        pos = next;
    }
}
