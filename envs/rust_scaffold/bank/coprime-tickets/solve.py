def phi(n: int) -> int:
    result = n
    m = n
    if m % 2 == 0:
        result -= result // 2
        while m % 2 == 0:
            m //= 2
    p = 3
    while p * p <= m:
        if m % p == 0:
            result -= result // p
            while m % p == 0:
                m //= p
        p += 2
    if m > 1:
        result -= result // m
    return result


def solve(inp: str) -> str:
    data = list(map(int, inp.split()))
    return "".join(f"{phi(n)}\n" for n in data[1:])
