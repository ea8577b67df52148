use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let mut c: Vec<u32> = (0..n).map(|_| it.next().unwrap().parse().unwrap()).collect();
    c.sort_unstable();
    let mut pairs = 0usize;
    let mut i = 0;
    while i < n {
        let mut j = i;
        while j < n && c[j] == c[i] {
            j += 1;
        }
        pairs += (j - i) / 2;
        i = j;
    }
    println!("{} {}", pairs, n - 2 * pairs);
}
