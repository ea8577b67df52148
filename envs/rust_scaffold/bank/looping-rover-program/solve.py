DIRS = [(0, 1), (1, 0), (0, -1), (-1, 0)]  # north, east, south, west (turning right = +1)


def solve(inp: str) -> str:
    prog, ks = inp.split()
    k = int(ks)
    # one run starting facing north: displacement (dx, dy) and turn r
    x = y = h = 0
    for c in prog:
        if c == "F":
            x += DIRS[h][0]
            y += DIRS[h][1]
        elif c == "R":
            h = (h + 1) % 4
        else:
            h = (h + 3) % 4
    r = h
    # run i starts with heading (r * i) % 4; count runs per starting heading
    counts = [0] * 4
    if r == 0:
        counts[0] = k
    else:
        period = 4 if r % 2 else 2
        for i in range(period):
            counts[(r * i) % 4] += k // period + (1 if i < k % period else 0)
    fx = fy = 0
    for start, c in enumerate(counts):
        # rotate (x, y) clockwise by `start` quarter turns
        rx, ry = x, y
        for _ in range(start):
            rx, ry = ry, -rx
        fx += c * rx
        fy += c * ry
    return f"{fx} {fy}\n"
