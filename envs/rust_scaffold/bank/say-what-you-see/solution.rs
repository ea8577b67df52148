use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input.split_ascii_whitespace();
    let mut s: Vec<u8> = it.next().unwrap().bytes().collect();
    let k: usize = it.next().unwrap().parse().unwrap();
    for _ in 0..k {
        let mut next = Vec::with_capacity(s.len() * 2);
        let mut i = 0;
        while i < s.len() {
            let mut j = i;
            while j < s.len() && s[j] == s[i] {
                j += 1;
            }
            next.extend_from_slice((j - i).to_string().as_bytes());
            next.push(s[i]);
            i = j;
        }
        s = next;
    }
    println!("{}", String::from_utf8(s).unwrap());
}
