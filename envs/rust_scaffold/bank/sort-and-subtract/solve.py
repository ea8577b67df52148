def solve(inp: str) -> str:
    x = inp.split()[0]
    d = len(x)
    seen = {x: 0}
    j = 0
    while True:
        big = int("".join(sorted(x, reverse=True)))
        small = int("".join(sorted(x)))
        x = str(big - small).zfill(d)
        j += 1
        if x in seen:
            return f"{j} {j - seen[x]}\n"
        seen[x] = j
