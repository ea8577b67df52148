def solve(inp: str) -> str:
    n = int(inp.split()[0])
    seen = {0}
    cur = 0
    for i in range(1, n + 1):
        back = cur - i
        cur = back if back > 0 and back not in seen else cur + i
        seen.add(cur)
    return f"{cur} {len(seen)}\n"
