from collections import deque


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    q = deque((d[2 + i], i + 1) for i in range(n))
    left = sorted(d[2 : 2 + n])
    minute = 0
    while True:
        u, j = q[0]
        if u < left[-1]:
            q.rotate(-1)
            continue
        q.popleft()
        left.pop()
        minute += 1
        if j == k:
            return f"{minute}\n"
