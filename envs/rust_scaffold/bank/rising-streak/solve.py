def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    h = d[1 : 1 + n]
    best = 1
    i = 0
    while i < n:
        j = i
        while j + 1 < n and h[j + 1] > h[j]:
            j += 1
        best = max(best, j - i + 1)
        i = j + 1
    return f"{best}\n"
