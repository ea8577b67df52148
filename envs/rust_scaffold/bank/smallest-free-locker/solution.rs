use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<usize>().unwrap());
    let n = it.next().unwrap();
    // the answer is at most n + 1, so larger numbers can be ignored
    let mut taken = vec![false; n + 2];
    for _ in 0..n {
        let v = it.next().unwrap();
        if v <= n + 1 {
            taken[v] = true;
        }
    }
    let ans = (1..=n + 1).find(|&v| !taken[v]).unwrap();
    println!("{}", ans);
}
