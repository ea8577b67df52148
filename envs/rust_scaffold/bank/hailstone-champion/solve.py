def solve(inp: str) -> str:
    lo, hi = map(int, inp.split())
    memo = [0] * (hi + 1)  # memo[x] for x < current start, filled in increasing order
    best_x, best_len = lo, -1
    for start in range(2, hi + 1):
        x, steps = start, 0
        while x >= start:
            x = x // 2 if x % 2 == 0 else 3 * x + 1
            steps += 1
        memo[start] = steps + memo[x]
    for x in range(lo, hi + 1):
        if memo[x] > best_len:
            best_x, best_len = x, memo[x]
    return f"{best_x} {best_len}\n"
