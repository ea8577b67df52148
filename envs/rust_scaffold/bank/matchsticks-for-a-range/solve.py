COST = [6, 2, 5, 5, 4, 5, 6, 3, 7, 6]


def solve(inp: str) -> str:
    v = list(map(int, inp.split()))
    q = v[0]
    top = max(v[2 : 2 + 2 * q : 2])
    # prefix[x] = matchsticks for 0..x-1; cost of x from cost of x // 10
    cost = [0] * (top + 1)
    for x in range(top + 1):
        cost[x] = COST[x] if x < 10 else cost[x // 10] + COST[x % 10]
    prefix = [0] * (top + 2)
    for x in range(top + 1):
        prefix[x + 1] = prefix[x] + cost[x]
    out = []
    for i in range(q):
        a, b = v[1 + 2 * i], v[2 + 2 * i]
        out.append(str(prefix[b + 1] - prefix[a]))
    return "\n".join(out) + "\n"
