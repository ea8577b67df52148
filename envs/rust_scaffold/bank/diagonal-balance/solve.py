def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    a = [d[1 + i * n : 1 + (i + 1) * n] for i in range(n)]
    main = sum(a[i][i] for i in range(n))
    other = sum(a[i][n - 1 - i] for i in range(n))
    return f"{abs(main - other)}\n"
