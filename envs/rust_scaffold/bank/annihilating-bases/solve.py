import re


def solve(inp: str) -> str:
    s = inp.split()[0]
    pat = re.compile("AT|TA|CG|GC")
    # repeatedly remove adjacent complementary pairs (slow but simple), done in rounds
    while True:
        t = pat.sub("", s)
        if t == s:
            break
        s = t
    return (s if s else "EMPTY") + "\n"
