from collections import Counter


def solve(inp: str) -> str:
    tok = inp.split()
    code = tok[0]
    out = []
    for g in tok[2:]:
        hits = sum(a == b for a, b in zip(code, g, strict=True))
        common = sum((Counter(code) & Counter(g)).values())
        out.append(f"{hits} {common - hits}")
    return "\n".join(out) + "\n"
