use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let k = v[1];
    let p: Vec<usize> = (0..n).map(|i| v[2 + i] as usize - 1).collect();
    let mut ans = vec![0usize; n];
    let mut seen = vec![false; n];
    for i in 0..n {
        if seen[i] {
            continue;
        }
        let mut cyc = Vec::new();
        let mut j = i;
        while !seen[j] {
            seen[j] = true;
            cyc.push(j);
            j = p[j];
        }
        let len = cyc.len();
        let shift = (k % len as u64) as usize;
        for (idx, &atom) in cyc.iter().enumerate() {
            let site = cyc[(idx + shift) % len];
            ans[site] = atom + 1;
        }
    }
    let out: Vec<String> = ans.iter().map(|x| x.to_string()).collect();
    println!("{}", out.join(" "));
}
