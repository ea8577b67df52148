def solve(inp: str) -> str:
    v = list(map(int, inp.split()))
    n = v[0]
    pos, total = 1, 0
    for i in range(n):
        for floor in (v[1 + 2 * i], v[2 + 2 * i]):
            total += abs(floor - pos)
            pos = floor
    return f"{total} {pos}\n"
