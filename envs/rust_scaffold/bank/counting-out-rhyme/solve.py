from collections import deque


def solve(inp: str) -> str:
    n, k = map(int, inp.split())
    ring = deque(range(1, n + 1))
    order = []
    while ring:
        ring.rotate(-((k - 1) % len(ring)))
        order.append(ring.popleft())
    return " ".join(map(str, order)) + "\n"
