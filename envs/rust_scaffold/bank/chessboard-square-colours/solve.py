def colour(s):
    # walk from a1 counting steps: each step flips the colour
    steps = (ord(s[0]) - ord("a")) + (int(s[1]) - 1)
    return "dark" if steps % 2 == 0 else "light"


def solve(inp: str) -> str:
    t = inp.split()
    n = int(t[0])
    out = []
    for i in range(n):
        a, b = t[1 + 2 * i], t[2 + 2 * i]
        ca, cb = colour(a), colour(b)
        out.append(("same " if ca == cb else "different ") + ca)
    return "\n".join(out) + "\n"
