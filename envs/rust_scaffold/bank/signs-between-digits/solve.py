from itertools import product


def solve(inp: str) -> str:
    parts = inp.split()
    s, t = parts[0], int(parts[1])
    count = 0
    for ops in product(["+", "-", ""], repeat=len(s) - 1):
        terms = []
        cur = s[0]
        sign = 1
        for o, c in zip(ops, s[1:], strict=False):
            if o == "":
                cur += c
            else:
                terms.append(sign * int(cur))
                sign = 1 if o == "+" else -1
                cur = c
        terms.append(sign * int(cur))
        if sum(terms) == t:
            count += 1
    return f"{count}\n"
