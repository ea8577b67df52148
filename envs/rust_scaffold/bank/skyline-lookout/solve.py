def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    h = d[1 : 1 + n]
    res = [0] * n
    stack = []  # indices still waiting for a taller building
    for j in range(n):
        while stack and h[stack[-1]] < h[j]:
            i = stack.pop()
            res[i] = j - i
        stack.append(j)
    return f"{sum(res)} {res.count(0)}\n"
