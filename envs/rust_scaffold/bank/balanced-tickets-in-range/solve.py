def solve(inp: str) -> str:
    a, b = map(int, inp.split())
    # sums of three digits for every 0..999
    s3 = [sum(map(int, f"{x:03d}")) for x in range(1000)]
    count = 0
    for x in range(a, b + 1):
        if s3[x // 1000] == s3[x % 1000]:
            count += 1
    return f"{count}\n"
