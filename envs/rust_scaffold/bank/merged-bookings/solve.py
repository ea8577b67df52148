def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    segs = sorted((d[1 + 2 * i], d[2 + 2 * i]) for i in range(n))
    blocks = []
    for l, r in segs:
        if blocks and l <= blocks[-1][1]:
            blocks[-1][1] = max(blocks[-1][1], r)
        else:
            blocks.append([l, r])
    return f"{len(blocks)} {sum(r - l + 1 for l, r in blocks)}\n"
