import string


def solve(inp: str) -> str:
    have = set(inp.lower())
    missing = "".join(c for c in string.ascii_lowercase if c not in have)
    return (missing or "none") + "\n"
