import re


def solve(inp: str) -> str:
    pwds = inp.split()[1:]
    out = []
    for p in pwds:
        checks = [
            8 <= len(p) <= 30,
            re.search(r"[a-z]", p) is not None,
            re.search(r"[A-Z]", p) is not None,
            re.search(r"[0-9]", p) is not None,
            re.search(r"[!@#$%&*]", p) is not None,
            re.search(r"(.)\1\1", p) is None,
        ]
        bad = [i + 1 for i, ok in enumerate(checks) if not ok]
        out.append(str(bad[0]) if bad else "OK")
    return "\n".join(out) + "\n"
