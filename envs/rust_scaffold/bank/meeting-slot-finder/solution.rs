use std::io::{self, Read};

fn m(s: &str) -> i32 {
    s[0..2].parse::<i32>().unwrap() * 60 + s[3..5].parse::<i32>().unwrap()
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let d: i32 = it.next().unwrap().parse().unwrap();
    let mut v: Vec<(i32, i32)> = (0..n).map(|_| (m(it.next().unwrap()), m(it.next().unwrap()))).collect();
    v.sort();
    let mut cur = 540; // earliest free moment candidate
    for &(a, b) in &v {
        if b <= cur {
            continue;
        }
        if a >= cur + d {
            break;
        }
        cur = cur.max(b);
    }
    if cur + d <= 1020 {
        println!("{:02}:{:02}", cur / 60, cur % 60);
    } else {
        println!("NONE");
    }
}
