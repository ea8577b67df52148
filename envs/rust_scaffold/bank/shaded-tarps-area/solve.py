import itertools


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    rs = [d[1 + 4 * i : 5 + 4 * i] for i in range(n)]
    # sweep over x strips and merge y intervals
    xs = sorted({v for r in rs for v in (r[0], r[2])})
    area = 0
    for a, b in itertools.pairwise(xs):
        iv = sorted((r[1], r[3]) for r in rs if r[0] <= a and r[2] >= b)
        covered = 0
        cur_s = cur_e = None
        for s, e in iv:
            if cur_e is None or s > cur_e:
                if cur_e is not None:
                    covered += cur_e - cur_s
                cur_s, cur_e = s, e
            else:
                cur_e = max(cur_e, e)
        if cur_e is not None:
            covered += cur_e - cur_s
        area += covered * (b - a)
    return f"{area}\n"
