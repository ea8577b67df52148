def solve(inp: str) -> str:
    n = int(inp.split()[0])
    found = []
    for x in range(max(0, n - 200), n + 1):
        if x + sum(int(c) for c in str(x)) == n:
            found.append(x)
    return f"{len(found)}\n" + " ".join(map(str, found)) + "\n"
