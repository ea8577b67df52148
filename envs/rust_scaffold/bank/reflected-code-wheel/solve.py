def solve(inp: str) -> str:
    n = int(inp.split()[0])
    words = ["0", "1"]
    for _ in range(n - 1):
        words = ["0" + w for w in words] + ["1" + w for w in reversed(words)]
    return "\n".join(words) + "\n"
