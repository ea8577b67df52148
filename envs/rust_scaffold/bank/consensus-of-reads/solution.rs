use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let m: usize = it.next().unwrap().parse().unwrap();
    let l: usize = it.next().unwrap().parse().unwrap();
    let reads: Vec<&[u8]> = (0..m).map(|_| it.next().unwrap().as_bytes()).collect();
    let letters = [b'A', b'C', b'G', b'T'];
    let mut cons = String::new();
    let mut dis = 0usize;
    for j in 0..l {
        let mut cnt = [0usize; 4];
        for r in &reads {
            let k = letters.iter().position(|&c| c == r[j]).unwrap();
            cnt[k] += 1;
        }
        let mut best = 0;
        for k in 1..4 {
            if cnt[k] > cnt[best] {
                best = k;
            }
        }
        cons.push(letters[best] as char);
        dis += m - cnt[best];
    }
    println!("{}\n{}", cons, dis);
}
