def solve(inp: str) -> str:
    nums = list(map(int, inp.split()))
    n, m = nums[0], nums[1]
    lamps = [False] * (n + 1)
    for i in range(m):
        lo, hi = nums[2 + 2 * i], nums[3 + 2 * i]
        for j in range(lo, hi + 1):
            lamps[j] = not lamps[j]
    return f"{sum(lamps)}\n"
