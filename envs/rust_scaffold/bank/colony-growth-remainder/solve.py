def solve(inp: str) -> str:
    v = list(map(int, inp.split()))
    return "".join(f"{pow(v[1 + 3 * i], v[2 + 3 * i], v[3 + 3 * i])}\n" for i in range(v[0]))
