def cell(n):
    # walk down the halves: cell n of a stage of length 2^k is either in the first half,
    # or the complement of cell n - 2^(k-1)
    flips = 0
    while n > 1:
        half = 1 << ((n - 1).bit_length() - 1)  # largest power of two below n
        n -= half
        flips ^= 1
    return flips


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    q = d[0]
    return "".join(f"{cell(x)}\n" for x in d[1 : 1 + q])
