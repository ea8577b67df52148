use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut best = i64::MIN;
    let mut run = 0i64; // best block ending at the current match
    for i in 0..n {
        let x = it.next().unwrap();
        run = if i == 0 || run < 0 { x } else { run + x };
        best = best.max(run);
    }
    println!("{}", best);
}
