def solve(inp: str) -> str:
    s = inp.strip()
    n = len(s)
    # Z-function: p is a period iff z[p] == n - p
    z = [0] * n
    lo = hi = 0
    for i in range(1, n):
        if i < hi:
            z[i] = min(hi - i, z[i - lo])
        while i + z[i] < n and s[z[i]] == s[i + z[i]]:
            z[i] += 1
        if i + z[i] > hi:
            lo, hi = i, i + z[i]
    for p in range(1, n):
        if z[p] == n - p:
            return f"{p}\n"
    return f"{n}\n"
