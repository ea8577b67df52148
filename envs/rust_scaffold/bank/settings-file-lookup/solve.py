def solve(inp: str) -> str:
    lines = inp.split("\n")
    n = int(lines[0])
    store = {}
    sec = None
    for line in lines[1 : 1 + n]:
        if line.startswith(";"):
            continue
        if line.startswith("["):
            sec = line[1:-1]
            continue
        k, v = line.split("=", 1)
        store[(sec, k)] = v
    q = int(lines[1 + n])
    out = []
    for line in lines[2 + n : 2 + n + q]:
        s, k = line.split(".", 1)
        out.append(store.get((s, k), "NOT_FOUND"))
    return "\n".join(out) + "\n"
