def leap_upto(n: int) -> int:
    # count by cycles of 400 years (97 leap years each), then the rest directly
    full, rest = divmod(n, 400)
    extra = sum(1 for y in range(1, rest + 1) if y % 4 == 0 and (y % 100 != 0))
    return full * 97 + extra


def solve(inp: str) -> str:
    data = list(map(int, inp.split()))
    t = data[0]
    out = []
    for i in range(t):
        a, b = data[1 + 2 * i], data[2 + 2 * i]
        out.append(str(leap_upto(b) - leap_upto(a - 1)))
    return "\n".join(out) + "\n"
