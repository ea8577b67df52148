use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0] as usize;
    let mut out = String::new();
    for i in 0..t {
        let (d, r, goal) = (v[1 + 3 * i], v[2 + 3 * i], v[3 + 3 * i]);
        let mut bal = d;
        let mut years = 0;
        while bal < goal {
            bal += bal * r / 100;
            years += 1;
        }
        out.push_str(&format!("{}\n", years));
    }
    print!("{}", out);
}
