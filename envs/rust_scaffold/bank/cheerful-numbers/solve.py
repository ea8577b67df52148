def solve(inp: str) -> str:
    nums = list(map(int, inp.split()))[1:]
    out = []
    for n in nums:
        seen = set()
        steps = 0
        while n != 1 and n not in seen:
            seen.add(n)
            n = sum(int(c) ** 2 for c in str(n))
            steps += 1
        out.append(str(steps) if n == 1 else "-1")
    return "\n".join(out) + "\n"
