def solve(inp: str) -> str:
    t = inp.split()
    n, W = int(t[0]), int(t[1])
    words = t[2 : 2 + n]
    lines = [[words[0]]]
    width = len(words[0])
    for w in words[1:]:
        if width + 1 + len(w) <= W:
            lines[-1].append(w)
            width += 1 + len(w)
        else:
            lines.append([w])
            width = len(w)
    longest = max(sum(len(x) for x in ln) + len(ln) - 1 for ln in lines)
    return f"{len(lines)} {longest}\n"
