use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut low = i64::MAX;
    let mut best = 0i64;
    for _ in 0..n {
        let v = it.next().unwrap();
        if v - low > best {
            best = v - low;
        }
        if v < low {
            low = v;
        }
    }
    println!("{}", best);
}
