def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    seen = set()
    first = -1
    repeats = 0
    for i, x in enumerate(d[2 : 2 + n], 1):
        if x in seen:
            repeats += 1
        seen.add(x)
        if first < 0 and len(seen) >= k:
            first = i
    return f"{first} {repeats}\n"
