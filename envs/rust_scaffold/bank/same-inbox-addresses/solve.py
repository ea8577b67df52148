from collections import Counter


def norm(a):
    a = a.lower()
    local, dom = a.split("@")
    local = local.split("+")[0].replace(".", "")
    return local + "@" + dom


def solve(inp: str) -> str:
    lines = inp.split()
    n = int(lines[0])
    c = Counter(norm(x) for x in lines[1 : 1 + n])
    return f"{len(c)} {max(c.values())}\n"
