import datetime

NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def solve(inp: str) -> str:
    out = []
    for s in inp.split()[1:]:
        y, m, d = map(int, s.split("-"))
        out.append(NAMES[datetime.date(y, m, d).weekday()])
    return "\n".join(out) + "\n"
