def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for i in range(d[0]):
        a, b = d[1 + 2 * i], d[2 + 2 * i]
        if a <= 12 and b <= 12:
            ways = {}
            for x in range(1, a + 1):
                for y in range(1, b + 1):
                    ways[x + y] = ways.get(x + y, 0) + 1
            top = max(ways.values())
            best = [s for s in ways if ways[s] == top]
            out.append(f"{min(best)} {max(best)}")
        else:
            out.append(f"{min(a, b) + 1} {max(a, b) + 1}")
    return "\n".join(out) + "\n"
