def solve(inp: str) -> str:
    lines = inp.split("\n")
    A, B = lines[0].split()
    n = int(lines[1])
    cnt = {"DEBUG": 0, "INFO": 0, "WARN": 0, "ERROR": 0}
    for line in lines[2 : 2 + n]:
        t = line[1:9]
        lvl = line.split()[1]
        if A <= t <= B:  # fixed-width times compare as strings
            cnt[lvl] += 1
    return f"{cnt['DEBUG']} {cnt['INFO']} {cnt['WARN']} {cnt['ERROR']}\n"
