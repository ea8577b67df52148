use std::collections::HashMap;
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut lines = s.lines();
    let n: usize = lines.next().unwrap().trim().parse().unwrap();
    let mut map: HashMap<String, String> = HashMap::new();
    let mut section = String::new();
    for _ in 0..n {
        let line = lines.next().unwrap().trim_end();
        if line.starts_with(';') {
            continue;
        }
        if line.starts_with('[') {
            section = line[1..line.len() - 1].to_string();
        } else if let Some(eq) = line.find('=') {
            map.insert(format!("{}.{}", section, &line[..eq]), line[eq + 1..].to_string());
        }
    }
    let q: usize = lines.next().unwrap().trim().parse().unwrap();
    let mut out = String::new();
    for _ in 0..q {
        let key = lines.next().unwrap().trim();
        match map.get(key) {
            Some(v) => out.push_str(v),
            None => out.push_str("NOT_FOUND"),
        }
        out.push('\n');
    }
    print!("{}", out);
}
