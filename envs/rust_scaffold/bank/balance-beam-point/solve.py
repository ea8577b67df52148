def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    a = d[1 : 1 + n]
    total = sum(a)
    left = 0
    for i, x in enumerate(a):
        if left == total - left - x:
            return f"{i + 1}\n"
        left += x
    return "-1\n"
