def solve(inp: str) -> str:
    s, n = map(int, inp.split())
    last = {}
    cur = s
    zeros = 1 if s == 0 else 0
    for i in range(1, n):
        # cur is a_i
        nxt = i - last[cur] if cur in last else 0
        last[cur] = i
        cur = nxt
        if cur == 0:
            zeros += 1
    return f"{cur} {zeros}\n"
