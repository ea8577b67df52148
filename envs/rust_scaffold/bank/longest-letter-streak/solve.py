import itertools


def solve(inp: str) -> str:
    s = inp.strip()
    best_c, best_k = "", 0
    for c, grp in itertools.groupby(s):
        k = len(list(grp))
        if k > best_k:
            best_c, best_k = c, k
    return f"{best_c} {best_k}\n"
