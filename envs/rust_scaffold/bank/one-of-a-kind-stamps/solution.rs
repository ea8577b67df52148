use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let mut a: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    a.sort_unstable();
    let (mut cnt, mut sum) = (0u64, 0u64);
    let mut i = 0;
    while i < n {
        let mut j = i + 1;
        while j < n && a[j] == a[i] {
            j += 1;
        }
        if j - i == 1 {
            cnt += 1;
            sum += a[i];
        }
        i = j;
    }
    println!("{} {}", cnt, sum);
}
