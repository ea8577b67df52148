def odd_count(n):
    if n <= 200:
        # direct row of Pascal's triangle modulo 2
        row = [1]
        for _ in range(n):
            row = [1] + [(row[i] + row[i + 1]) % 2 for i in range(len(row) - 1)] + [1]
        return sum(row)
    # the number of odd entries doubles for every 1 bit of n (Lucas' theorem)
    return 2 ** bin(n).count("1")


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    return "".join(f"{odd_count(x)}\n" for x in d[1 : 1 + d[0]])
