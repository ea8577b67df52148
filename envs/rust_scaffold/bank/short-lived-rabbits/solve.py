def solve(inp: str) -> str:
    n, m = map(int, inp.split())
    # age[a] = number of pairs of age a (a = 0 means born this month)
    age = [0] * m
    age[0] = 1
    for _ in range(2, n + 1):
        new = [0] * m
        for a in range(m - 1):
            new[a + 1] = age[a]
        new[0] = sum(new[2:])
        age = new
    return f"{sum(age)}\n"
