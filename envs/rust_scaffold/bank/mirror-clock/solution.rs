use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let t: usize = it.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let tm = it.next().unwrap().as_bytes();
        let h = ((tm[0] - b'0') * 10 + (tm[1] - b'0')) as u32;
        let m = ((tm[3] - b'0') * 10 + (tm[4] - b'0')) as u32;
        let mut cur = h * 60 + m;
        let mut wait = 0;
        loop {
            cur = (cur + 1) % 1440;
            wait += 1;
            let (hh, mm) = (cur / 60, cur % 60);
            if hh / 10 == mm % 10 && hh % 10 == mm / 10 {
                out.push_str(&format!("{:02}:{:02} {}\n", hh, mm, wait));
                break;
            }
        }
    }
    print!("{}", out);
}
