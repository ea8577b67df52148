from collections import Counter


def name(d):
    c = sorted(Counter(d).values(), reverse=True)
    s = sorted(d)
    if c[0] == 5:
        return "five-of-a-kind"
    if c[0] == 4:
        return "four-of-a-kind"
    if c == [3, 2]:
        return "full-house"
    if s in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]):
        return "straight"
    if c[0] == 3:
        return "three-of-a-kind"
    if c[:2] == [2, 2]:
        return "two-pairs"
    if c[0] == 2:
        return "one-pair"
    return "nothing"


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    return "\n".join(name(d[1 + 5 * i : 6 + 5 * i]) for i in range(d[0])) + "\n"
