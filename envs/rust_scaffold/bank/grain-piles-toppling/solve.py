def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    c = d[1 : 1 + n]
    total = 0
    changed = True
    while changed:
        changed = False
        # sweep left to right, toppling a cup as many times as it can at once
        for i in range(n):
            if c[i] >= 2:
                t = c[i] // 2
                c[i] -= 2 * t
                total += t
                if i > 0:
                    c[i - 1] += t
                if i + 1 < n:
                    c[i + 1] += t
                changed = True
    return " ".join(map(str, c)) + f"\n{total}\n"
