def count_upto(n: int) -> int:
    if n < 2000:
        return sum(1 for x in range(1, n + 1) if bin(x)[2:] == bin(x)[2:][::-1])
    b = bin(n)[2:]
    length = len(b)
    total = 0
    for m in range(1, length):
        total += 2 ** ((m + 1) // 2 - 1)
    half = (length + 1) // 2
    prefix = int(b[:half], 2)
    total += prefix - 2 ** (half - 1)  # halves smaller than n's own prefix
    hb = b[:half]
    mirror = hb + (hb[:-1] if length % 2 else hb)[::-1]
    if int(mirror, 2) <= n:
        total += 1
    return total


def solve(inp: str) -> str:
    nums = list(map(int, inp.split()))[1:]
    return "".join(f"{count_upto(n)}\n" for n in nums)
