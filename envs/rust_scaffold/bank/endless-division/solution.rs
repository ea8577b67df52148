use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (a, b) = (v[0], v[1]);
    let mut out = (a / b).to_string();
    let mut rem = a % b;
    if rem != 0 {
        // position at which each remainder was first met
        let mut first = vec![usize::MAX; b as usize];
        let mut digits: Vec<u8> = Vec::new();
        while rem != 0 && first[rem as usize] == usize::MAX {
            first[rem as usize] = digits.len();
            rem *= 10;
            digits.push(b'0' + (rem / b) as u8);
            rem %= b;
        }
        out.push('.');
        if rem == 0 {
            out.push_str(std::str::from_utf8(&digits).unwrap());
        } else {
            let k = first[rem as usize];
            out.push_str(std::str::from_utf8(&digits[..k]).unwrap());
            out.push('(');
            out.push_str(std::str::from_utf8(&digits[k..]).unwrap());
            out.push(')');
        }
    }
    println!("{}", out);
}
