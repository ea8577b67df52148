use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_ascii_whitespace();
    let _n: usize = it.next().unwrap().parse().unwrap();
    let mut b: Vec<u8> = it.next().unwrap().bytes().collect();
    let n = b.len();
    // walk over segments of '.' between pushed dominoes (with virtual walls at the ends)
    let mut prev: Option<usize> = None; // index of the last pushed domino
    for i in 0..=n {
        let c = if i < n { b[i] } else { b'.' };
        if i < n && c == b'.' {
            continue;
        }
        let left_kind = prev.map(|p| b[p]);
        let right_kind = if i < n { Some(c) } else { None };
        let start = prev.map_or(0, |p| p + 1);
        match (left_kind, right_kind) {
            (Some(b'R'), Some(b'L')) => {
                let (mut lo, mut hi) = (start, i);
                while lo + 1 < hi {
                    b[lo] = b'R';
                    b[hi - 1] = b'L';
                    lo += 1;
                    hi -= 1;
                }
                // lo == hi - 1 leaves the middle domino standing
                let _ = lo;
            }
            (Some(b'R'), _) => {
                for x in b.iter_mut().take(i).skip(start) {
                    *x = b'R';
                }
            }
            (_, Some(b'L')) => {
                for x in b.iter_mut().take(i).skip(start) {
                    *x = b'L';
                }
            }
            _ => {}
        }
        if i < n {
            prev = Some(i);
        }
    }
    println!("{}", String::from_utf8(b).unwrap());
}
