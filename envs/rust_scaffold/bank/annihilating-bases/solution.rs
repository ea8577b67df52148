use std::io::{self, Read};

fn comp(c: u8) -> u8 {
    match c {
        b'A' => b'T',
        b'T' => b'A',
        b'C' => b'G',
        _ => b'C',
    }
}

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut st: Vec<u8> = Vec::new();
    for &c in s.trim().as_bytes() {
        if let Some(&top) = st.last() {
            if top == comp(c) {
                st.pop();
                continue;
            }
        }
        st.push(c);
    }
    if st.is_empty() {
        println!("EMPTY");
    } else {
        println!("{}", String::from_utf8(st).unwrap());
    }
}
