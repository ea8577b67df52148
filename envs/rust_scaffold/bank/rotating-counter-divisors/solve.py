def solve(inp: str) -> str:
    x, k = inp.split()
    k = int(k)
    cnt = sum(1 for i in range(len(x)) if int(x[i:] + x[:i]) % k == 0)
    return f"{cnt}\n"
