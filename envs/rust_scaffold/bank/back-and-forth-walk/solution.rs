use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let n: usize = s.trim().parse().unwrap();
    let mut seen = vec![false; 1024];
    seen[0] = true;
    let mut distinct = 1u64;
    let mut cur = 0usize;
    for i in 1..=n {
        cur = if cur > i && !seen[cur - i] { cur - i } else { cur + i };
        if cur >= seen.len() {
            let new_len = (cur + 1).max(seen.len() * 2);
            seen.resize(new_len, false);
        }
        if !seen[cur] {
            seen[cur] = true;
            distinct += 1;
        }
    }
    println!("{} {}", cur, distinct);
}
