def solve(inp: str) -> str:
    s = list(inp.strip())
    n = len(s)
    cost = 0
    for i in range(n // 2):
        j = n - 1 - i
        if s[i] != s[j]:
            cost += 1
            s[i] = s[j] = min(s[i], s[j])
    return f"{cost}\n{''.join(s)}\n"
