from collections import deque

ROWS = ["abcde", "fghij", "klmno", "pqrst", "uvwxy", "z"]


def solve(inp: str) -> str:
    word = inp.strip()
    where = {ch: (r, c) for r, row in enumerate(ROWS) for c, ch in enumerate(row)}
    cells = set(where.values())
    # BFS distances between all keys, moving only over existing keys
    dist: dict[tuple[tuple[int, int], tuple[int, int]], int] = {}
    for start in cells:
        seen = {start: 0}
        dq = deque([start])
        while dq:
            r, c = dq.popleft()
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    nxt = (r + dr, c + dc)
                    if nxt in cells and nxt not in seen:
                        seen[nxt] = seen[(r, c)] + 1
                        dq.append(nxt)
        for end, d in seen.items():
            dist[(start, end)] = d
    pos = where["a"]
    total = 0
    for ch in word:
        total += dist[(pos, where[ch])]
        pos = where[ch]
    return f"{total}\n"
