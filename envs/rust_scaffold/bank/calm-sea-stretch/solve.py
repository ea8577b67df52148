import heapq


def solve(inp: str) -> str:
    v = list(map(int, inp.split()))
    n, d = v[0], v[1]
    h = v[2 : 2 + n]
    # two pointers with lazy heaps
    mx, mn = [], []
    best, start = 0, 0
    lo = 0
    for hi in range(n):
        heapq.heappush(mx, (-h[hi], hi))
        heapq.heappush(mn, (h[hi], hi))
        while True:
            while mx[0][1] < lo:
                heapq.heappop(mx)
            while mn[0][1] < lo:
                heapq.heappop(mn)
            if -mx[0][0] - mn[0][0] <= d:
                break
            lo += 1
        if hi - lo + 1 > best:
            best, start = hi - lo + 1, lo + 1
    return f"{best} {start}\n"
