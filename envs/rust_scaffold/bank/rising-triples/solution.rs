use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let a = &v[1..=n];
    let mut total: u64 = 0;
    for j in 0..n {
        let smaller = a[..j].iter().filter(|&&x| x < a[j]).count() as u64;
        let larger = a[j + 1..].iter().filter(|&&x| x > a[j]).count() as u64;
        total += smaller * larger;
    }
    println!("{}", total);
}
