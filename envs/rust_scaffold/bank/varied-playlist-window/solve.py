from collections import Counter


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    g = d[2 : 2 + n]
    cnt = Counter(g[:k])
    vals = [len(cnt)]
    for i in range(k, n):
        cnt[g[i]] += 1
        cnt[g[i - k]] -= 1
        if cnt[g[i - k]] == 0:
            del cnt[g[i - k]]
        vals.append(len(cnt))
    m = max(vals)
    return f"{m} {vals.count(m)}\n"
