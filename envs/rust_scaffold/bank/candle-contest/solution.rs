use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let (mut best, mut cnt, mut pos) = (0u64, 0usize, 0usize);
    for i in 1..=n {
        let v = it.next().unwrap();
        if v > best {
            best = v;
            cnt = 1;
            pos = i;
        } else if v == best {
            cnt += 1;
        }
    }
    println!("{} {}", cnt, pos);
}
