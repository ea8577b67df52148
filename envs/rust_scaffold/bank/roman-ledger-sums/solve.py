VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
TABLE = [
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
]


def parse(s: str) -> int:
    total = 0
    for i, ch in enumerate(s):
        v = VALUES[ch]
        if i + 1 < len(s) and VALUES[s[i + 1]] > v:
            total -= v
        else:
            total += v
    return total


def write(v: int) -> str:
    out = []
    for val, sym in TABLE:
        while v >= val:
            out.append(sym)
            v -= val
    return "".join(out)


def solve(inp: str) -> str:
    tok = inp.split()
    q = int(tok[0])
    return "".join(write(parse(tok[1 + 2 * i]) + parse(tok[2 + 2 * i])) + "\n" for i in range(q))
