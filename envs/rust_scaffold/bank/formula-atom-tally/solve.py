import re
from collections import Counter


def solve(inp: str) -> str:
    f = inp.split()[0]
    c = Counter()
    for sym, num in re.findall(r"([A-Z][a-z]?)(\d*)", f):
        c[sym] += int(num) if num else 1
    lines = [f"{sum(c.values())} {len(c)}"]
    for sym in sorted(c):
        lines.append(f"{sym} {c[sym]}")
    return "\n".join(lines) + "\n"
