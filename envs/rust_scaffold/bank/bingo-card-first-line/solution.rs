use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let mut pos = [usize::MAX; 76];
    for i in 0..25 {
        if v[i] != 0 {
            pos[v[i]] = i;
        }
    }
    let mut mark = [false; 25];
    mark[12] = true;
    let k = v[25];
    let win = |m: &[bool; 25]| -> bool {
        for i in 0..5 {
            if (0..5).all(|j| m[i * 5 + j]) || (0..5).all(|j| m[j * 5 + i]) {
                return true;
            }
        }
        (0..5).all(|i| m[i * 5 + i]) || (0..5).all(|i| m[i * 5 + 4 - i])
    };
    for c in 0..k {
        let x = v[26 + c];
        if pos[x] != usize::MAX {
            mark[pos[x]] = true;
            if win(&mark) {
                println!("{}", c + 1);
                return;
            }
        }
    }
    println!("-1");
}
