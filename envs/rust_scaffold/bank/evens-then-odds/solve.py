def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    a = d[1 : 1 + n]
    ev = sorted(x for x in a if x % 2 == 0)
    od = sorted((x for x in a if x % 2 == 1), reverse=True)
    return " ".join(map(str, ev + od)) + "\n"
