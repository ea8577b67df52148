def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    p = sorted(d[1 : 1 + n], reverse=True)
    # pairs (1st, 2nd), (3rd, 4th), ... of the sorted list: every second book is free
    return f"{sum(p[0::2])}\n"
