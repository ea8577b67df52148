use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let n = it.next().unwrap() as usize;
    let k = it.next().unwrap() as usize;
    let h: Vec<i64> = (0..n).map(|_| it.next().unwrap()).collect();
    let mut cost = vec![i64::MAX; n];
    cost[0] = 0;
    for j in 1..n {
        let from = j.saturating_sub(k);
        for i in from..j {
            let c = cost[i] + (h[i] - h[j]).abs();
            if c < cost[j] {
                cost[j] = c;
            }
        }
    }
    println!("{}", cost[n - 1]);
}
