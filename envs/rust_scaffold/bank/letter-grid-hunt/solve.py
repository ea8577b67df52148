def count_overlapping(text: str, word: str) -> int:
    return sum(1 for i in range(len(text) - len(word) + 1) if text.startswith(word, i))


def solve(inp: str) -> str:
    tok = inp.split()
    n, m = int(tok[0]), int(tok[1])
    g = tok[2 : 2 + n]
    word = tok[2 + n]
    lines = list(g)
    lines += ["".join(g[r][c] for r in range(n)) for c in range(m)]
    for d in range(-(m - 1), n):  # cells with r - c == d
        lines.append("".join(g[r][r - d] for r in range(n) if 0 <= r - d < m))
    for s in range(n + m - 1):  # cells with r + c == s
        lines.append("".join(g[r][s - r] for r in range(n) if 0 <= s - r < m))
    total = 0
    for line in lines:
        total += count_overlapping(line, word) + count_overlapping(line[::-1], word)
    return f"{total}\n"
