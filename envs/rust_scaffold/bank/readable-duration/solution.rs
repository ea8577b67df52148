use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        let x = v[1 + i];
        let vals = [(x / 86400, 'd'), (x % 86400 / 3600, 'h'), (x % 3600 / 60, 'm'), (x % 60, 's')];
        let parts: Vec<String> = vals.iter().filter(|p| p.0 > 0).map(|p| format!("{}{}", p.0, p.1)).collect();
        if parts.is_empty() {
            out.push_str("0s\n");
        } else {
            out.push_str(&parts.join(" "));
            out.push('\n');
        }
    }
    print!("{}", out);
}
