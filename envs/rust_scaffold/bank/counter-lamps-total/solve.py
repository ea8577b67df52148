def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for n in d[1 : 1 + d[0]]:
        if n <= 2000:
            out.append(str(sum(bin(x).count("1") for x in range(1, n + 1))))
            continue
        total = 0
        for j in range(61):
            cycle = 1 << (j + 1)
            full = (n + 1) // cycle
            rest = (n + 1) % cycle
            total += full * (1 << j) + max(0, rest - (1 << j))
        out.append(str(total))
    return "\n".join(out) + "\n"
