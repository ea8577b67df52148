def solve(inp: str) -> str:
    data = list(map(int, inp.split()))
    nums = data[1:]
    top = max(nums)
    sieve = bytearray([1]) * (top + 1)
    sieve[0] = sieve[1] = 0
    for i in range(2, int(top**0.5) + 1):
        if sieve[i]:
            sieve[i * i :: i] = bytearray(len(range(i * i, top + 1, i)))
    out = []
    for n in nums:
        cnt = sum(1 for p in range(2, n // 2 + 1) if sieve[p] and sieve[n - p])
        out.append(str(cnt))
    return "\n".join(out) + "\n"
