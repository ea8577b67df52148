from collections import Counter


def solve(inp: str) -> str:
    tok = inp.split()
    n, k = int(tok[0]), int(tok[1])
    cnt = Counter(tok[2 : 2 + n])
    ranked = sorted(cnt.items(), key=lambda wc: (-wc[1], wc[0]))[:k]
    return "".join(f"{w} {c}\n" for w, c in ranked)
