use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut lines = s.lines();
    let n: usize = lines.next().unwrap().trim().parse().unwrap();
    let mut w: Vec<usize> = Vec::new();
    for _ in 0..n {
        let row = lines.next().unwrap().trim_end_matches('\r');
        for (j, cell) in row.split(',').enumerate() {
            if j >= w.len() {
                w.push(0);
            }
            w[j] = w[j].max(cell.len());
        }
    }
    let out: Vec<String> = w.iter().map(|x| x.to_string()).collect();
    println!("{}", out.join(" "));
}
