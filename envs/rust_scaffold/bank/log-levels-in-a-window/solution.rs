use std::io::{self, Read};

fn secs(t: &str) -> u32 {
    let p: Vec<u32> = t.split(':').map(|x| x.parse().unwrap()).collect();
    p[0] * 3600 + p[1] * 60 + p[2]
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut lines = s.lines();
    let first: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    let (a, b) = (secs(first[0]), secs(first[1]));
    let n: usize = lines.next().unwrap().trim().parse().unwrap();
    let mut cnt = [0u32; 4];
    for _ in 0..n {
        let line = lines.next().unwrap();
        let mut parts = line.split_whitespace();
        let stamp = parts.next().unwrap();
        let t = secs(&stamp[1..stamp.len() - 1]);
        let lvl = parts.next().unwrap();
        if t >= a && t <= b {
            let k = match lvl {
                "DEBUG" => 0,
                "INFO" => 1,
                "WARN" => 2,
                _ => 3,
            };
            cnt[k] += 1;
        }
    }
    println!("{} {} {} {}", cnt[0], cnt[1], cnt[2], cnt[3]);
}
