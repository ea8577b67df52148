def digits(n, b):
    out = []
    while n:
        n, r = divmod(n, b)
        out.append(r)
    return out


def solve(inp: str) -> str:
    n = int(inp.split()[0])
    cost = [(sum(digits(n, b)), b) for b in range(2, 37)]
    c, b = min(cost)
    return f"{b} {c}\n"
