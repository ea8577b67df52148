def solve(inp: str) -> str:
    n, s = map(int, inp.split())
    if s == 0:
        return "0 0\n" if n == 1 else "-1 -1\n"
    if s > 9 * n:
        return "-1 -1\n"
    # largest: nines first
    big = []
    rest = s
    for _ in range(n):
        d = min(9, rest)
        big.append(d)
        rest -= d
    # smallest: the largest with its digits read backwards, then a 1 borrowed to the front
    small = big[::-1]
    if small[0] == 0:
        j = next(i for i, d in enumerate(small) if d > 0)
        small[j] -= 1
        small[0] = 1
    return "".join(map(str, small)) + " " + "".join(map(str, big)) + "\n"
