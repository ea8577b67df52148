from collections import deque


def bfs_bishop(n, r1, c1, r2, c2):
    dist = {(r1, c1): 0}
    dq = deque([(r1, c1)])
    while dq:
        r, c = dq.popleft()
        if (r, c) == (r2, c2):
            return dist[(r, c)]
        for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            k = 1
            while 1 <= r + dr * k <= n and 1 <= c + dc * k <= n:
                nb = (r + dr * k, c + dc * k)
                if nb not in dist:
                    dist[nb] = dist[(r, c)] + 1
                    dq.append(nb)
                k += 1
    return -1


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for i in range(d[0]):
        n, r1, c1, r2, c2 = d[1 + 5 * i : 6 + 5 * i]
        king = max(abs(r1 - r2), abs(c1 - c2))
        if (r1, c1) == (r2, c2):
            rook = 0
        elif r1 == r2 or c1 == c2:
            rook = 1
        else:
            rook = 2
        if n <= 12:
            bishop = bfs_bishop(n, r1, c1, r2, c2)
        elif (r1, c1) == (r2, c2):
            bishop = 0
        elif (r1 + c1) % 2 != (r2 + c2) % 2:
            bishop = -1
        elif abs(r1 - r2) == abs(c1 - c2):
            bishop = 1
        else:
            bishop = 2
        out.append(f"{king} {rook} {bishop}")
    return "\n".join(out) + "\n"
