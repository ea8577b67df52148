import bisect
import re


def solve(inp: str) -> str:
    lines = inp.split()
    packed = lines[0]
    q = int(lines[1])
    ps = list(map(int, lines[2 : 2 + q]))
    letters = []
    ends = []
    total = 0
    for ch, cnt in re.findall(r"([a-z])(\d+)", packed):
        total += int(cnt)
        letters.append(ch)
        ends.append(total)
    return "".join(letters[bisect.bisect_left(ends, p)] for p in ps) + "\n"
