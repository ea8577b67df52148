def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, m = d[0], d[1]
    g = sorted(d[2 : 2 + n], reverse=True)
    s = sorted(d[2 + n : 2 + n + m], reverse=True)
    # biggest cookies go to the hungriest grandchildren they can still satisfy
    j = 0
    happy = 0
    for need in g:
        if j < m and s[j] >= need:
            happy += 1
            j += 1
    return f"{happy}\n"
