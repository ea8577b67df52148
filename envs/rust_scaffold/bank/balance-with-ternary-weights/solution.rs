use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut x: i128 = s.trim().parse().unwrap();
    let mut left: Vec<i128> = Vec::new();
    let mut right: Vec<i128> = Vec::new();
    let mut p: i128 = 1;
    while x > 0 {
        match x % 3 {
            1 => {
                right.push(p);
                x -= 1;
            }
            2 => {
                left.push(p);
                x += 1;
            }
            _ => {}
        }
        x /= 3;
        p *= 3;
    }
    for pan in [&left, &right] {
        let mut line = pan.len().to_string();
        for w in pan.iter() {
            line.push(' ');
            line.push_str(&w.to_string());
        }
        println!("{}", line);
    }
}
