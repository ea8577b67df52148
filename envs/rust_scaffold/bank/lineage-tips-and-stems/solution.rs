use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0];
    let mut children = vec![0u32; n + 1];
    for i in 0..n {
        let p = v[1 + i];
        if p != 0 {
            children[p] += 1;
        }
    }
    let tips = (1..=n).filter(|&i| children[i] == 0).count();
    let stems = (1..=n).filter(|&i| children[i] == 1).count();
    println!("{} {}", tips, stems);
}
