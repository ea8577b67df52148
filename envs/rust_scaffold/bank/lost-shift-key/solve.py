def solve(inp: str) -> str:
    lines = inp.split("\n")
    dictionary = set(lines[1].split())
    words = lines[3].split()
    best_k, best_count, best_text = 0, -1, []
    for k in range(26):
        table = str.maketrans(
            "abcdefghijklmnopqrstuvwxyz",
            "".join(chr((i - k) % 26 + 97) for i in range(26)),
        )
        dec = [w.translate(table) for w in words]
        count = sum(1 for w in dec if w in dictionary)
        if count > best_count:
            best_k, best_count, best_text = k, count, dec
    return f"{best_k}\n" + " ".join(best_text) + "\n"
