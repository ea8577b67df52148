use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let den = [1u64, 2, 5, 10, 20, 50, 100, 200];
    let mut stock: Vec<u64> = v[0..8].to_vec();
    let q = v[8] as usize;
    let mut out = String::new();
    for i in 0..q {
        let p = v[9 + 2 * i];
        let a = v[10 + 2 * i];
        let mut owe = a - p;
        let mut used = [0u64; 8];
        for j in (0..8).rev() {
            let k = (owe / den[j]).min(stock[j]);
            used[j] = k;
            owe -= k * den[j];
        }
        if owe > 0 {
            out.push_str("-1\n");
        } else {
            let mut total = 0;
            for j in 0..8 {
                stock[j] -= used[j];
                total += used[j];
            }
            out.push_str(&format!("{}\n", total));
        }
    }
    print!("{}", out);
}
