from itertools import permutations


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    c = d[1 : 1 + n]
    if n <= 6:
        arr = sorted(set(permutations(c)))
        i = arr.index(tuple(c))
        if i + 1 == len(arr):
            return "-1\n"
        return " ".join(map(str, arr[i + 1])) + "\n"
    # longest non-increasing suffix; the element before it is raised by the smallest larger one
    i = n - 2
    while i >= 0 and c[i] >= c[i + 1]:
        i -= 1
    if i < 0:
        return "-1\n"
    j = n - 1
    while c[j] <= c[i]:
        j -= 1
    c[i], c[j] = c[j], c[i]
    c[i + 1 :] = sorted(c[i + 1 :])
    return " ".join(map(str, c)) + "\n"
