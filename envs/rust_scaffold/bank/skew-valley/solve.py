def solve(inp: str) -> str:
    s = inp.split()[0]
    sk = [0]
    for c in s:
        sk.append(sk[-1] + (c == "G") - (c == "C"))
    lo = min(sk)
    idx = [i for i, v in enumerate(sk) if v == lo]
    return f"{lo} {len(idx)} {idx[0]} {idx[-1]}\n"
