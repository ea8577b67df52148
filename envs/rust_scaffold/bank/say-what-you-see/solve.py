import re


def solve(inp: str) -> str:
    s, ks = inp.split()
    for _ in range(int(ks)):
        s = "".join(str(len(m.group(0))) + m.group(1) for m in re.finditer(r"(\d)\1*", s))
    return s + "\n"
