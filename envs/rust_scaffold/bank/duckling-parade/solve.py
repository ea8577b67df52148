def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    a = d[1 : 1 + n]

    def sort_count(arr):
        if len(arr) <= 1:
            return arr, 0
        mid = len(arr) // 2
        left, x = sort_count(arr[:mid])
        right, y = sort_count(arr[mid:])
        merged = []
        inv = x + y
        i = j = 0
        while i < len(left) and j < len(right):
            if left[i] <= right[j]:
                merged.append(left[i])
                i += 1
            else:
                merged.append(right[j])
                inv += len(left) - i
                j += 1
        merged += left[i:]
        merged += right[j:]
        return merged, inv

    return f"{sort_count(a)[1]}\n"
