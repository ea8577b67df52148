from collections import deque


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    t = d[2 : 2 + n]
    if sum(t) <= 200000:
        q = deque((i, t[i]) for i in range(n))
        minute = 0
        while True:
            i, need = q.popleft()
            minute += 1
            if need == 1:
                if i == k - 1:
                    return f"{minute}\n"
            else:
                q.append((i, need - 1))
    goal = t[k - 1]
    total = 0
    for i in range(n):
        if i <= k - 1:
            total += min(t[i], goal)
        else:
            total += min(t[i], goal - 1)
    return f"{total}\n"
