def solve(inp: str) -> str:
    v = list(map(int, inp.split()))
    return "".join(f"{bin(v[1 + 2 * i] ^ v[2 + 2 * i]).count('1')}\n" for i in range(v[0]))
