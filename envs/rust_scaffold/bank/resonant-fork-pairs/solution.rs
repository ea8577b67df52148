use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0] as usize;
    let k = v[1];
    let mut r: Vec<u64> = v[2..2 + n].iter().map(|x| x % k).collect();
    r.sort();
    // group equal residues
    let mut groups: Vec<(u64, u64)> = Vec::new();
    for &x in &r {
        match groups.last_mut() {
            Some(g) if g.0 == x => g.1 += 1,
            _ => groups.push((x, 1)),
        }
    }
    let mut total: u64 = 0;
    for &(res, c) in &groups {
        let other = (k - res) % k;
        if other == res {
            total += c * (c - 1) / 2;
        } else if other > res {
            if let Ok(pos) = groups.binary_search_by(|g| g.0.cmp(&other)) {
                total += c * groups[pos].1;
            }
        }
    }
    println!("{}", total);
}
