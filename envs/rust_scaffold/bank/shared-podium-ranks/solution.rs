use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let sc = &v[1..1 + n];
    let mut sorted: Vec<u64> = sc.to_vec();
    sorted.sort_unstable();
    let res: Vec<String> = sc
        .iter()
        .map(|&x| {
            // number strictly greater = n - (index of first element > x)
            let up = sorted.partition_point(|&y| y <= x);
            (n - up + 1).to_string()
        })
        .collect();
    println!("{}", res.join(" "));
}
