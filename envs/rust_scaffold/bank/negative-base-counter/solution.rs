use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut x: i64 = s.trim().parse().unwrap();
    if x == 0 {
        println!("0");
        return;
    }
    let mut digits = Vec::new();
    while x != 0 {
        let mut r = x % -2;
        x /= -2;
        if r < 0 {
            r += 2;
            x += 1;
        }
        digits.push(b'0' + r as u8);
    }
    digits.reverse();
    println!("{}", String::from_utf8(digits).unwrap());
}
