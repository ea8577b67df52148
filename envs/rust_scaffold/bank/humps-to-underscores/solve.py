import re


def solve(inp: str) -> str:
    names = inp.split()[1:]
    return "".join(re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), x) + "\n" for x in names)
