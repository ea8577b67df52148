def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    p = [0, *d[1 : 1 + n]]
    fixed = sum(1 for i in range(1, n + 1) if p[i] == i)
    pairs = sum(1 for i in range(1, n + 1) if p[i] > i and p[p[i]] == i)
    return f"{fixed} {pairs}\n"
