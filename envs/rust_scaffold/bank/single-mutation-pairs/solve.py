from collections import Counter


def solve(inp: str) -> str:
    parts = inp.split()
    n, L = int(parts[0]), int(parts[1])
    seqs = parts[2 : 2 + n]
    masked = Counter()
    for s in seqs:
        for j in range(L):
            masked[(j, s[:j] + s[j + 1 :])] += 1
    same = Counter(seqs)
    share = sum(c * (c - 1) // 2 for c in masked.values())
    ident = sum(c * (c - 1) // 2 for c in same.values())
    return f"{share - L * ident}\n"
