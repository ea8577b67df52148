def solve(inp: str) -> str:
    data = inp.split()
    t = int(data[0])
    out = []
    for s in data[1 : 1 + t]:
        steps = 0
        while len(s) > 1:
            s = str(sum(int(c) for c in s))
            steps += 1
        out.append(str(steps))
    return "\n".join(out) + "\n"
