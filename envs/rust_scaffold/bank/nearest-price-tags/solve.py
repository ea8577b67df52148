from collections import Counter


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    p = d[1 : 1 + n]
    cnt = Counter(p)
    dup_pairs = sum(v * (v - 1) // 2 for v in cnt.values())
    if dup_pairs:
        return f"0 {dup_pairs}\n"
    s = sorted(p)
    diffs = [s[i + 1] - s[i] for i in range(n - 1)]
    m = min(diffs)
    return f"{m} {diffs.count(m)}\n"
