use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let m = it.next().unwrap() as usize;
    let mut row = vec![0u64; m];
    for i in 0..n {
        for j in 0..m {
            let v = it.next().unwrap();
            let from = if i == 0 && j == 0 {
                0
            } else if i == 0 {
                row[j - 1]
            } else if j == 0 {
                row[j]
            } else {
                row[j].max(row[j - 1])
            };
            row[j] = from + v;
        }
    }
    println!("{}", row[m - 1]);
}
