def solve(inp: str) -> str:
    w = list(map(int, inp.split()))[1:]
    even = sum(1 for x in w if x % 2 == 0)
    odd = len(w) - even
    return f"{even * (even - 1) // 2 + odd * (odd - 1) // 2}\n"
