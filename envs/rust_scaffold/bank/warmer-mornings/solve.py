def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    t = d[1 : 1 + n]
    rises = [t[i] - t[i - 1] for i in range(1, n) if t[i] > t[i - 1]]
    return f"{len(rises)} {max(rises) if rises else 0}\n"
