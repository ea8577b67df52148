def solve(inp: str) -> str:
    u, v = inp.split()[:2]
    # prefix function of v + '#' + u gives the longest prefix of v ending at the end of u
    s = v + "#" + u
    pi = [0] * len(s)
    for i in range(1, len(s)):
        k = pi[i - 1]
        while k and s[i] != s[k]:
            k = pi[k - 1]
        if s[i] == s[k]:
            k += 1
        pi[i] = k
    t = min(pi[-1], len(u), len(v))
    return f"{t}\n{u + v[t:]}\n"
