use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut b: Vec<u8> = input.trim().bytes().collect();
    let n = b.len();
    let mut cost = 0u32;
    let (mut i, mut j) = (0usize, n - 1);
    while i < j {
        if b[i] != b[j] {
            let c = b[i].min(b[j]);
            b[i] = c;
            b[j] = c;
            cost += 1;
        }
        i += 1;
        j -= 1;
    }
    println!("{}\n{}", cost, String::from_utf8(b).unwrap());
}
