def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, t = d[0], d[1]
    m = d[2 : 2 + n]
    pos = {}
    for idx, x in enumerate(m):
        pos.setdefault(x, []).append(idx)
    # for each i in increasing order, the smallest j > i with m_j = t - m_i
    from bisect import bisect_right

    for i, x in enumerate(m):
        lst = pos.get(t - x)
        if lst:
            k = bisect_right(lst, i)
            if k < len(lst):
                return f"{i + 1} {lst[k] + 1}\n"
    return "-1\n"
