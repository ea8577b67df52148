def solve(inp: str) -> str:
    v = list(map(int, inp.split()))
    n, m, d = v[0], v[1], v[2]
    a = sorted(v[3 : 3 + n])
    b = sorted(v[3 + n : 3 + n + m])
    # greedy: each leader in increasing order takes the smallest still-free follower it can use
    j = 0
    pairs = 0
    for x in a:
        while j < m and b[j] < x - d:
            j += 1
        if j < m and b[j] <= x + d:
            pairs += 1
            j += 1
    return f"{pairs}\n"
