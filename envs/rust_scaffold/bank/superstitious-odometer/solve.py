def solve(inp: str) -> str:
    d = inp.split()
    out = []
    for s in d[1 : 1 + int(d[0])]:
        x = int(s)
        if x <= 3000:
            # walk the odometer
            shown = 0
            km = 0
            while shown != x:
                shown += 1
                while "4" in str(shown):
                    shown += 1
                km += 1
            out.append(str(km))
        else:
            v = 0
            for ch in s:
                dg = int(ch)
                v = v * 9 + (dg - 1 if dg > 4 else dg)
            out.append(str(v))
    return "\n".join(out) + "\n"
