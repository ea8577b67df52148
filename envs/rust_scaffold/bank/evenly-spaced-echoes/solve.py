from collections import Counter


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    a = d[1 : 1 + n]
    # pair (i, j) predicts the value a_k = 2 a_j - a_i; count future matches with a running
    # counter of values to the right of j
    right = Counter(a)
    total = 0
    for j in range(n):
        right[a[j]] -= 1
        two = 2 * a[j]
        for i in range(j):
            total += right.get(two - a[i], 0)
    return f"{total}\n"
