def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, t = d[0], d[1]
    h = d[2 : 2 + n]
    s = "".join("1" if x > t else "0" for x in h)
    runs = [len(r) for r in s.split("0") if r]
    if not runs:
        return "0 0\n"
    return f"{len(runs)} {max(runs)}\n"
