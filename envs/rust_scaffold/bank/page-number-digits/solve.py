from functools import cache


def solve(inp: str) -> str:
    digits = list(map(int, inp.strip()))
    length = len(digits)

    @cache
    def walk(pos: int, tight: bool, started: bool) -> tuple[int, tuple[int, ...]]:
        # returns (how many numbers complete from here, digit counts over them)
        if pos == length:
            return (1 if started else 0), (0,) * 10
        limit = digits[pos] if tight else 9
        total = 0
        counts = [0] * 10
        for d in range(limit + 1):
            now_started = started or d != 0
            k, sub = walk(pos + 1, tight and d == limit, now_started)
            total += k
            for i in range(10):
                counts[i] += sub[i]
            if now_started:
                counts[d] += k
        return total, tuple(counts)

    return " ".join(map(str, walk(0, True, False)[1])) + "\n"
