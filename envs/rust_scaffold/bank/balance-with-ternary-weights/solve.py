def solve(inp: str) -> str:
    x = int(inp.split()[0])
    # find the balanced ternary digits of x: x = sum d_i 3^i with d_i in {-1, 0, 1};
    # d_i = 1 means weight on the right pan, -1 on the left pan
    left, right = [], []
    p = 1
    while x != 0:
        r = x % 3
        if r == 0:
            pass
        elif r == 1:
            right.append(p)
            x -= 1
        else:
            left.append(p)
            x += 1
        x //= 3
        p *= 3

    def line(ws):
        return " ".join(map(str, [len(ws), *ws]))

    return line(left) + "\n" + line(right) + "\n"
