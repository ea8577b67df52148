def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    a = d[1 : 1 + n]
    for i in range(1, n):
        if a[i] < a[i - 1]:
            return f"{i + 1}\n"
    return "0\n"
