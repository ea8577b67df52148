def solve(inp: str) -> str:
    a, b, c, n = map(int, inp.split())
    M = 1000000007
    seq = [a % M, b % M, c % M]
    if n <= 3:
        return f"{seq[n - 1]}\n"
    x, y, z = seq
    for _ in range(n - 3):
        x, y, z = y, z, (x + y + z) % M
    return f"{z}\n"
