def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, S = d[0], d[1]
    mask = (1 << (S + 1)) - 1
    reach = 1  # bit x set means amount x is payable
    for i in range(n):
        v, c = d[2 + 2 * i], d[3 + 2 * i]
        # split c into powers of two so that every count 0..c is a subset sum of the parts
        k = 1
        while c > 0:
            take = min(k, c)
            reach |= (reach << (take * v)) & mask
            c -= take
            k *= 2
    return f"{bin(reach).count('1') - 1}\n"
