def solve(inp: str) -> str:
    d = inp.split()
    n = int(d[0])
    h = sorted(int(x) for x in d[1 : 1 + n])
    return str(sum(h[-3:])) + "\n"
