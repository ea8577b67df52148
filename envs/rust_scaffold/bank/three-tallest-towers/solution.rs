use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut top = [0u64; 3];
    for _ in 0..n {
        let v = it.next().unwrap();
        if v > top[0] {
            top[2] = top[1];
            top[1] = top[0];
            top[0] = v;
        } else if v > top[1] {
            top[2] = top[1];
            top[1] = v;
        } else if v > top[2] {
            top[2] = v;
        }
    }
    println!("{}", top[0] + top[1] + top[2]);
}
