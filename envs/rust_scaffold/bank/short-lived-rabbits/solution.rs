use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let (n, m) = (v[0], v[1]);
    // born[k] = pairs born in month k
    let mut born = vec![0u64; n + 1];
    born[1] = 1;
    for k in 2..=n {
        // parents: born in month j with k - m + 1 <= j <= k - 2
        let lo = if k + 1 > m { k + 1 - m } else { 1 };
        let mut t = 0u64;
        let mut j = lo.max(1);
        while j + 2 <= k {
            t += born[j];
            j += 1;
        }
        born[k] = t;
    }
    let lo = if n + 1 > m { n + 1 - m } else { 1 };
    let total: u64 = (lo..=n).map(|j| born[j]).sum();
    println!("{}", total);
}
