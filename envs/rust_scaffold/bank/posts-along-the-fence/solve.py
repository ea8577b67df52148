from math import gcd


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for i in range(d[0]):
        x1, y1, x2, y2 = d[1 + 4 * i : 5 + 4 * i]
        dx, dy = abs(x2 - x1), abs(y2 - y1)
        if dx + dy <= 40:
            # count directly
            cnt = 0
            steps = max(dx, dy)
            pts = set()
            for k in range(steps + 1):
                if steps == 0:
                    pts.add((x1, y1))
                    break
                nx, ny = x1 * steps + (x2 - x1) * k, y1 * steps + (y2 - y1) * k
                if nx % steps == 0 and ny % steps == 0:
                    pts.add((nx // steps, ny // steps))
            cnt = len(pts)
            out.append(str(cnt))
        else:
            out.append(str(gcd(dx, dy) + 1))
    return "\n".join(out) + "\n"
