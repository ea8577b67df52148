COINS = [1, 2, 5, 10, 20, 50, 100, 200, 500]


def solve(inp: str) -> str:
    a = int(inp.split()[0])
    # any optimal answer uses few coins below 500 in total value; handle a block of 500s, then DP
    big = max(0, (a - 1000) // 500)
    rest = a - 500 * big
    best = [0] + [10**9] * rest
    for v in range(1, rest + 1):
        best[v] = min(best[v - c] for c in COINS if c <= v) + 1
    return f"{big + best[rest]}\n"
