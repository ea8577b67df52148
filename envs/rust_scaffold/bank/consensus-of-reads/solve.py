def solve(inp: str) -> str:
    parts = inp.split()
    m, L = int(parts[0]), int(parts[1])
    reads = parts[2 : 2 + m]
    cons = []
    dis = 0
    for j in range(L):
        col = [r[j] for r in reads]
        best = max("ACGT", key=lambda c: (col.count(c), -"ACGT".index(c)))
        cons.append(best)
        dis += m - col.count(best)
    return "".join(cons) + "\n" + str(dis) + "\n"
