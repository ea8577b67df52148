def solve(inp: str) -> str:
    parts = inp.split()
    n, k, s = int(parts[0]), int(parts[1]), parts[2]
    x = int(s, 2)
    mask = (1 << n) - 1
    for _ in range(k):
        # rotate left and right by one on a ring of n bits, xor them
        left = ((x << 1) | (x >> (n - 1))) & mask
        right = ((x >> 1) | (x << (n - 1))) & mask
        x = left ^ right
    out = bin(x)[2:].zfill(n)
    return f"{out}\n{out.count('1')}\n"
