def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for n in d[1 : 1 + d[0]]:
        c = bin(n).count("1")
        m = n + 1
        steps = 0
        while bin(m).count("1") != c and steps < 100:
            m += 1
            steps += 1
        if bin(m).count("1") == c:
            out.append(str(m))
            continue
        # rearrange bits: find lowest "01" pattern (reading from low bits: a 1 followed by a 0 above it)
        b = list(bin(n)[2:].zfill(64))
        i = 63
        while b[i] == "0":
            i -= 1
        while i >= 0 and b[i] == "1":
            i -= 1
        # b[i] is the 0 to become 1; b[i+1] the 1 to move up
        b[i] = "1"
        b[i + 1] = "0"
        tail = b[i + 1 :]
        ones = tail.count("1")
        tail = ["0"] * (len(tail) - ones) + ["1"] * ones
        out.append(str(int("".join(b[: i + 1] + tail), 2)))
    return "\n".join(out) + "\n"
