use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u32>().unwrap());
    let t = it.next().unwrap() as usize;
    let mut out = String::new();
    for _ in 0..t {
        let r = it.next().unwrap() as usize;
        let rolls: Vec<u32> = (0..r).map(|_| it.next().unwrap()).collect();
        let mut idx = 0;
        let mut total = 0;
        let mut res = Vec::new();
        for f in 0..10 {
            if f == 9 {
                total += rolls[idx..].iter().sum::<u32>();
            } else if rolls[idx] == 10 {
                total += 10 + rolls[idx + 1] + rolls[idx + 2];
                idx += 1;
            } else {
                let two = rolls[idx] + rolls[idx + 1];
                total += two;
                if two == 10 {
                    total += rolls[idx + 2];
                }
                idx += 2;
            }
            res.push(total.to_string());
        }
        out.push_str(&res.join(" "));
        out.push('\n');
    }
    print!("{}", out);
}
