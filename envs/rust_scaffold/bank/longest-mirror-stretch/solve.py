def solve(inp: str) -> str:
    s = inp.strip()
    # Manacher on the string with separators
    t = "^#" + "#".join(s) + "#$"
    p = [0] * len(t)
    center = right = 0
    for i in range(1, len(t) - 1):
        if i < right:
            p[i] = min(right - i, p[2 * center - i])
        while t[i + p[i] + 1] == t[i - p[i] - 1]:
            p[i] += 1
        if i + p[i] > right:
            center, right = i, i + p[i]
    best_len, best_start = 0, 0
    for i in range(1, len(t) - 1):
        length = p[i]
        start = (i - length) // 2  # 0-based start in s
        if length > best_len or (length == best_len and start < best_start):
            best_len, best_start = length, start
    return f"{best_len} {best_start + 1}\n"
