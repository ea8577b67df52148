use std::collections::HashSet;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let d: usize = it.next().unwrap().parse().unwrap();
    let dict: HashSet<Vec<u8>> = (0..d).map(|_| it.next().unwrap().as_bytes().to_vec()).collect();
    let w: usize = it.next().unwrap().parse().unwrap();
    let msg: Vec<&[u8]> = (0..w).map(|_| it.next().unwrap().as_bytes()).collect();
    let decode = |word: &[u8], k: u8| -> Vec<u8> {
        word.iter().map(|&c| b'a' + (c - b'a' + 26 - k) % 26).collect()
    };
    let mut best = (0u8, 0usize);
    for k in 0..26u8 {
        let count = msg.iter().filter(|word| dict.contains(&decode(word, k))).count();
        if count > best.1 {
            best = (k, count);
        }
    }
    let text: Vec<String> = msg
        .iter()
        .map(|word| String::from_utf8(decode(word, best.0)).unwrap())
        .collect();
    println!("{}\n{}", best.0, text.join(" "));
}
