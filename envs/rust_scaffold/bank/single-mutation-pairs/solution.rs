use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let _l: usize = it.next().unwrap().parse().unwrap();
    let seqs: Vec<&[u8]> = (0..n).map(|_| it.next().unwrap().as_bytes()).collect();
    let mut count: u64 = 0;
    for i in 0..n {
        for j in i + 1..n {
            let mut diff = 0;
            for (a, b) in seqs[i].iter().zip(seqs[j].iter()) {
                if a != b {
                    diff += 1;
                    if diff > 1 {
                        break;
                    }
                }
            }
            if diff == 1 {
                count += 1;
            }
        }
    }
    println!("{}", count);
}
