use std::io::{self, Read};

fn m(s: &str) -> usize {
    s[0..2].parse::<usize>().unwrap() * 60 + s[3..5].parse::<usize>().unwrap()
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    // prefix counts over the day
    let mut pre = vec![0u32; 1441];
    for x in 0..1440 {
        let d = [x / 60 / 10, x / 60 % 10, x % 60 / 10, x % 60 % 10];
        let mut mask = 0u32;
        for v in d {
            mask |= 1 << v;
        }
        pre[x + 1] = pre[x] + if mask.count_ones() <= 2 { 1 } else { 0 };
    }
    let mut out = String::new();
    for _ in 0..t {
        let a = m(it.next().unwrap());
        let b = m(it.next().unwrap());
        out.push_str(&format!("{}\n", pre[b + 1] - pre[a]));
    }
    print!("{}", out);
}
