use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<usize> = s.split_ascii_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v[0];
    let mut grid = vec![[false; 100]; 100];
    for i in 0..n {
        let (x1, y1, x2, y2) = (v[1 + 4 * i], v[2 + 4 * i], v[3 + 4 * i], v[4 + 4 * i]);
        for x in x1..x2 {
            for y in y1..y2 {
                grid[x][y] = true;
            }
        }
    }
    let total: usize = grid.iter().map(|r| r.iter().filter(|&&b| b).count()).sum();
    println!("{}", total);
}
