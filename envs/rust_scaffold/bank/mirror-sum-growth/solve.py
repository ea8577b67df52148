def solve(inp: str) -> str:
    x, k = map(int, inp.split())
    steps = 0
    while str(x) != str(x)[::-1]:
        if steps == k:
            return f"-1 {x}\n"
        x += int(str(x)[::-1])
        steps += 1
    return f"{steps} {x}\n"
