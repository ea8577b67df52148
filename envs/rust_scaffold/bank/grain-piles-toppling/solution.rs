use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let mut c: Vec<u64> = v[1..=n].to_vec();
    let mut stack: Vec<usize> = (0..n).filter(|&i| c[i] >= 2).collect();
    let mut total: u64 = 0;
    while let Some(i) = stack.pop() {
        if c[i] < 2 {
            continue;
        }
        c[i] -= 2;
        total += 1;
        if c[i] >= 2 {
            stack.push(i);
        }
        if i > 0 {
            c[i - 1] += 1;
            if c[i - 1] == 2 {
                stack.push(i - 1);
            }
        }
        if i + 1 < n {
            c[i + 1] += 1;
            if c[i + 1] == 2 {
                stack.push(i + 1);
            }
        }
    }
    let out: Vec<String> = c.iter().map(|x| x.to_string()).collect();
    println!("{}\n{}", out.join(" "), total);
}
