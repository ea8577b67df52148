def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    card = [d[5 * r : 5 * r + 5] for r in range(5)]
    k = d[25]
    calls = d[26 : 26 + k]
    lines = [[(r, c) for c in range(5)] for r in range(5)]
    lines += [[(r, c) for r in range(5)] for c in range(5)]
    lines.append([(i, i) for i in range(5)])
    lines.append([(i, 4 - i) for i in range(5)])
    marked = {(2, 2)}
    where = {card[r][c]: (r, c) for r in range(5) for c in range(5)}
    for idx, x in enumerate(calls):
        if x in where:
            marked.add(where[x])
            if any(all(p in marked for p in ln) for ln in lines):
                return f"{idx + 1}\n"
    return "-1\n"
