def solve(inp: str) -> str:
    a, b = map(int, inp.split())
    whole, rem = divmod(a, b)
    if rem == 0:
        return f"{whole}\n"
    digits = []
    seen: dict[int, int] = {}
    while rem and rem not in seen:
        seen[rem] = len(digits)
        rem *= 10
        digits.append(str(rem // b))
        rem %= b
    if rem == 0:
        return f"{whole}." + "".join(digits) + "\n"
    start = seen[rem]
    return f"{whole}." + "".join(digits[:start]) + "(" + "".join(digits[start:]) + ")\n"
