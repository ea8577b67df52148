def solve(inp: str) -> str:
    s = inp.split()[0]
    rc = s[::-1].translate(str.maketrans("ACGT", "TGCA"))
    n = len(s)
    cnt = 0
    for i in range(n):
        for ln in range(4, 13):
            j = i + ln
            if j > n:
                break
            # reverse complement of s[i:j] is rc[n-j:n-i]
            if s[i:j] == rc[n - j : n - i]:
                cnt += 1
    return f"{cnt}\n"
