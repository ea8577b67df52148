use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut rows: Vec<(u64, u64)> = (0..n)
        .map(|_| {
            let c = it.next().unwrap();
            let a = it.next().unwrap();
            (c, a)
        })
        .collect();
    rows.sort_unstable();
    let (mut best_card, mut best_total) = (0u64, 0u64);
    let mut i = 0;
    while i < n {
        let card = rows[i].0;
        let mut total = 0u64;
        while i < n && rows[i].0 == card {
            total += rows[i].1;
            i += 1;
        }
        // cards come in increasing order, so only a strictly larger total replaces the best
        if total > best_total {
            best_total = total;
            best_card = card;
        }
    }
    println!("{} {}", best_card, best_total);
}
