def solve(inp: str) -> str:
    x = int(inp.split()[0])
    # brute check helper: build from the value of all-ones patterns, iterate digit by digit
    if x == 0:
        return "0\n"
    out = []
    while x != 0:
        r = x & 1  # x mod 2 in {0, 1}, also for negative x
        out.append(str(r))
        x = (x - r) // -2
    return "".join(reversed(out)) + "\n"
