def solve(inp: str) -> str:
    tok = inp.split()
    n, q = int(tok[0]), int(tok[1])
    row = tok[2]
    ks = list(map(int, tok[3 : 3 + q]))
    cnt = [0] * (n + 2)
    for run in row.split("1"):
        if run:
            cnt[len(run)] += 1
    s1 = [0] * (n + 2)  # runs of length >= k
    s2 = [0] * (n + 2)  # total length of runs of length >= k
    for k in range(n, 0, -1):
        s1[k] = s1[k + 1] + cnt[k]
        s2[k] = s2[k + 1] + k * cnt[k]
    return " ".join(str(s2[k] - (k - 1) * s1[k]) for k in ks) + "\n"
