def solve(inp: str) -> str:
    n = int(inp.split()[0])
    r = [1, 2, 2]
    block = 2  # index (0-based) of the term giving the length of the next block
    val = 1
    while len(r) < n:
        r.extend([val] * r[block])
        block += 1
        val = 3 - val
    r = r[:n]
    return f"{r[-1]} {r.count(1)}\n"
