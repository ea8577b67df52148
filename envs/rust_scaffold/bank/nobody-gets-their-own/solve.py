from itertools import permutations

MOD = 10**9 + 7


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    qs = d[1 : 1 + d[0]]
    top = max(qs)
    # D(n) = n * D(n-1) + (-1)^n
    D = [1] * (top + 1)
    for i in range(1, top + 1):
        D[i] = (i * D[i - 1] + (1 if i % 2 == 0 else -1)) % MOD
    out = []
    for n in qs:
        if n <= 6:
            out.append(
                str(sum(1 for p in permutations(range(n)) if all(p[i] != i for i in range(n))))
            )
        else:
            out.append(str(D[n]))
    return "\n".join(out) + "\n"
