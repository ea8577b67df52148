use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let packed = it.next().unwrap().as_bytes();
    let mut letters: Vec<u8> = Vec::new();
    let mut ends: Vec<u64> = Vec::new();
    let mut total = 0u64;
    let mut i = 0;
    while i < packed.len() {
        let ch = packed[i];
        i += 1;
        let mut cnt = 0u64;
        while i < packed.len() && packed[i].is_ascii_digit() {
            cnt = cnt * 10 + (packed[i] - b'0') as u64;
            i += 1;
        }
        total += cnt;
        letters.push(ch);
        ends.push(total);
    }
    let q: usize = it.next().unwrap().parse().unwrap();
    let mut out = Vec::with_capacity(q + 1);
    for _ in 0..q {
        let p: u64 = it.next().unwrap().parse().unwrap();
        let idx = ends.partition_point(|&e| e < p);
        out.push(letters[idx]);
    }
    out.push(b'\n');
    print!("{}", String::from_utf8(out).unwrap());
}
