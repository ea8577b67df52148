LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(b: str) -> str:
    for a, c, d in LINES:
        if b[a] != "." and b[a] == b[c] == b[d]:
            return b[a]
    return ""


def reachable() -> dict[str, str]:
    # enumerate every position of every legal game
    seen: dict[str, str] = {}
    stack = ["........."]
    while stack:
        b = stack.pop()
        if b in seen:
            continue
        w = winner(b)
        if w:
            seen[b] = f"{w} wins"
            continue
        if "." not in b:
            seen[b] = "draw"
            continue
        seen[b] = "ongoing"
        p = "X" if b.count("X") == b.count("O") else "O"
        for i in range(9):
            if b[i] == ".":
                stack.append(b[:i] + p + b[i + 1 :])
    return seen


def solve(inp: str) -> str:
    tok = inp.split()
    t = int(tok[0])
    table = reachable()
    out = []
    for i in range(t):
        b = "".join(tok[1 + 3 * i : 4 + 3 * i])
        out.append(table.get(b, "invalid"))
    return "\n".join(out) + "\n"
