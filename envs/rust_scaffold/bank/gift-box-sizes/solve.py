def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for n in d[1 : 1 + d[0]]:
        box = 1
        while box < n:
            box *= 2
        out.append(f"{box} {box - n}")
    return "\n".join(out) + "\n"
