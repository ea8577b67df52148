def solve(inp: str) -> str:
    s = inp.split()[0]
    cnt = {c: 0 for c in "ACGT"}
    first = -1
    total = 0
    for i, c in enumerate(s, 1):
        cnt[c] += 1
        if cnt["A"] == cnt["T"] and cnt["C"] == cnt["G"]:
            total += 1
            if first < 0:
                first = i
    return f"{first} {total}\n"
