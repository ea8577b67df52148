use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let v: Vec<i64> = (0..n).map(|_| it.next().unwrap()).collect();
    let best = *v.iter().max().unwrap();
    let mut second = i64::MIN;
    for &x in &v {
        if x < best && x > second {
            second = x;
        }
    }
    if second == i64::MIN {
        println!("NONE");
    } else {
        println!("{}", second);
    }
}
