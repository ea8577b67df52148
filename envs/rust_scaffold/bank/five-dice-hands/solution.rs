use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let t = v[0];
    let mut out = String::new();
    for i in 0..t {
        let mut cnt = [0usize; 7];
        for j in 0..5 {
            cnt[v[1 + 5 * i + j]] += 1;
        }
        let mut groups: Vec<usize> = cnt[1..].iter().cloned().filter(|&c| c > 0).collect();
        groups.sort_unstable_by(|a, b| b.cmp(a));
        let distinct = groups.len();
        let straight = distinct == 5 && (cnt[1] == 0 || cnt[6] == 0);
        let name = if groups[0] == 5 {
            "five-of-a-kind"
        } else if groups[0] == 4 {
            "four-of-a-kind"
        } else if groups[0] == 3 && groups[1] == 2 {
            "full-house"
        } else if straight {
            "straight"
        } else if groups[0] == 3 {
            "three-of-a-kind"
        } else if groups[0] == 2 && groups[1] == 2 {
            "two-pairs"
        } else if groups[0] == 2 {
            "one-pair"
        } else {
            "nothing"
        };
        out.push_str(name);
        out.push('\n');
    }
    print!("{}", out);
}
