def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, s = d[0], d[1]
    a = [0, *d[2 : 2 + n]]
    sunk = set()
    pos = s
    jumps = 0
    while True:
        nxt = pos + a[pos]
        sunk.add(pos)
        jumps += 1
        if nxt < 1 or nxt > n:
            return f"{jumps} BANK\n"
        if nxt in sunk:
            return f"{jumps} WATER\n"
        pos = nxt
