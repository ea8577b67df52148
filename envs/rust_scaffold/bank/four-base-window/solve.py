def solve(inp: str) -> str:
    s = inp.split()[0]
    last = {}
    best, start = None, None
    for i, c in enumerate(s):
        last[c] = i
        if len(last) == 4:
            lo = min(last.values())
            ln = i - lo + 1
            # for the same length, an earlier end means an earlier start
            if best is None or ln < best:
                best, start = ln, lo + 1
    if best is None:
        return "-1 -1\n"
    return f"{best} {start}\n"
