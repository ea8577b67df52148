def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, C = d[0], d[1]
    w = d[2 : 2 + n]
    trips = 0
    i = 0
    while i < n:
        load = 0
        while i < n and load + w[i] <= C:
            load += w[i]
            i += 1
        trips += 1
    return f"{trips}\n"
