from functools import cache


def count_upto(x):
    # digit DP: numbers 1..x whose digits alternate in parity
    if x <= 0:
        return 0
    s = str(x)
    n = len(s)

    @cache
    def go(pos, last_par, tight, started):
        if pos == n:
            return 1 if started else 0
        lim = int(s[pos]) if tight else 9
        total = 0
        for dgt in range(lim + 1):
            nt = tight and dgt == lim
            if not started:
                if dgt == 0:
                    total += go(pos + 1, -1, nt, False)
                else:
                    total += go(pos + 1, dgt % 2, nt, True)
            elif dgt % 2 != last_par:
                total += go(pos + 1, dgt % 2, nt, True)
        return total

    return go(0, -1, True, False)


def solve(inp: str) -> str:
    lo, hi = map(int, inp.split())
    return f"{count_upto(hi) - count_upto(lo - 1)}\n"
