use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let n = it.next().unwrap() as usize;
    let h: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
    // scan from the east, keeping a stack of candidates with strictly decreasing heights
    let mut st: Vec<usize> = Vec::new();
    let mut total: u64 = 0;
    let mut zeros = 0;
    for i in (0..n).rev() {
        while let Some(&j) = st.last() {
            if h[j] <= h[i] {
                st.pop();
            } else {
                break;
            }
        }
        match st.last() {
            Some(&j) => total += (j - i) as u64,
            None => zeros += 1,
        }
        st.push(i);
    }
    println!("{} {}", total, zeros);
}
