def solve(inp: str) -> str:
    tok = inp.split()
    n, m, k = int(tok[0]), int(tok[1]), int(tok[2])
    alive = {(r, c) for r in range(n) for c in range(m) if tok[3 + r][c] == "#"}
    for _ in range(k):
        counts: dict[tuple[int, int], int] = {}
        for r, c in alive:
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if dr or dc:
                        cell = (r + dr, c + dc)
                        counts[cell] = counts.get(cell, 0) + 1
        alive = {
            (r, c)
            for (r, c), k2 in counts.items()
            if 0 <= r < n and 0 <= c < m and (k2 == 3 or (k2 == 2 and (r, c) in alive))
        }
    return "".join(
        "".join("#" if (r, c) in alive else "." for c in range(m)) + "\n" for r in range(n)
    )
