def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    s = d[1 : 1 + n]
    if n <= 600:
        return " ".join(str(1 + sum(1 for y in s if y > x)) for x in s) + "\n"
    order = sorted(s, reverse=True)
    first = {}
    for i, x in enumerate(order):
        first.setdefault(x, i + 1)
    return " ".join(str(first[x]) for x in s) + "\n"
