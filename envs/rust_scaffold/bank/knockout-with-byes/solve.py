def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for n in d[1 : 1 + d[0]]:
        rounds = matches = 0
        while n > 1:
            matches += n // 2
            n = n - n // 2
            rounds += 1
        out.append(f"{rounds} {matches}")
    return "\n".join(out) + "\n"
