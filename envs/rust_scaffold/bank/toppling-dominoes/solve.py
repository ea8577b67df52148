def solve(inp: str) -> str:
    tok = inp.split()
    n = int(tok[0])
    row = tok[1]
    big = n + 5
    # time at which a right push reaches i, and a left push
    right = [big] * n
    t = big
    for i in range(n):
        if row[i] == "R":
            t = 0
        elif row[i] == "L":
            t = big
        elif t < big:
            t += 1
        right[i] = t if row[i] != "L" else big
    left = [big] * n
    t = big
    for i in range(n - 1, -1, -1):
        if row[i] == "L":
            t = 0
        elif row[i] == "R":
            t = big
        elif t < big:
            t += 1
        left[i] = t if row[i] != "R" else big
    out = []
    for i in range(n):
        if right[i] < left[i]:
            out.append("R")
        elif left[i] < right[i]:
            out.append("L")
        else:
            out.append(".")
    return "".join(out) + "\n"
