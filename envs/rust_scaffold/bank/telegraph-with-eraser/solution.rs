use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut tape: Vec<u8> = Vec::new();
    for &c in s.trim().as_bytes() {
        match c {
            b'<' => {
                tape.pop();
            }
            b'*' => tape.clear(),
            _ => tape.push(c),
        }
    }
    if tape.is_empty() {
        println!("EMPTY");
    } else {
        println!("{}", String::from_utf8(tape).unwrap());
    }
}
