def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    p = [0, *d[1 : 1 + n]]
    # greedy: put the right jar into each place in turn, tracking where each jar is
    where = [0] * (n + 1)
    for i in range(1, n + 1):
        where[p[i]] = i
    moves = 0
    for i in range(1, n + 1):
        if p[i] != i:
            j = where[i]
            where[p[i]] = j
            p[j] = p[i]
            p[i] = i
            where[i] = i
            moves += 1
    return f"{moves}\n"
