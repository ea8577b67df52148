use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let q = v[1] as usize;
    let mut sc: Vec<u64> = v[2..2 + n].to_vec();
    let mut out = String::new();
    for e in 0..q {
        let i = v[2 + n + 2 * e] as usize - 1;
        sc[i] += v[3 + n + 2 * e];
        let me = sc[i];
        let above = sc.iter().filter(|&&x| x > me).count();
        out.push_str(&format!("{}\n", above + 1));
    }
    print!("{}", out);
}
