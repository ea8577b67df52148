import re


def solve(inp: str) -> str:
    s = inp.strip()
    out = []
    for m in re.finditer(r"(.)\1*", s):
        block = m.group(0)
        out.append(block[0] + (str(len(block)) if len(block) > 1 else ""))
    return "".join(out) + "\n"
