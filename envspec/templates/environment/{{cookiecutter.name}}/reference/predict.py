"""The reference solution: ordinary least squares on x1, x2, x3 and an intercept.

    python predict.py [DATA_DIR]

Same interface as the starting solution's predict.py. Plain Python (normal equations solved
by Gaussian elimination), so it runs in any image.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

here = Path(__file__).resolve().parent
data = Path(sys.argv[1]) if len(sys.argv) > 1 else here.parent / "data"
FEATURES = ("x1", "x2", "x3")


def features(row: dict[str, str]) -> list[float]:
    return [1.0, *(float(row[k]) for k in FEATURES)]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve a x = b (a small, well-conditioned square system) with partial pivoting."""
    n = len(b)
    m = [[*row, rhs] for row, rhs in zip(a, b, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            factor = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= factor * m[col][c]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


with (data / "train.csv").open() as f:
    train = list(csv.DictReader(f))
with (data / "test.csv").open() as f:
    test = list(csv.DictReader(f))

xs = [features(row) for row in train]
ys = [float(row["y"]) for row in train]
k = len(xs[0])
xtx = [[sum(x[i] * x[j] for x in xs) for j in range(k)] for i in range(k)]
xty = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(k)]
coef = solve(xtx, xty)
predictions = [sum(c * v for c, v in zip(coef, features(row), strict=True)) for row in test]
(here / "predictions.csv").write_text("y\n" + "".join(f"{p:.6f}\n" for p in predictions))
