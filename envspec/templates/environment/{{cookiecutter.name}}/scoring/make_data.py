"""Build the task's data and the scorer's hidden labels, deterministically from one seed.

    python scoring/make_data.py [ENV_DIR]

writes task/data/train.csv (inputs and targets, for the agent), task/data/test.csv (inputs
only, for the agent) and scoring/hidden/test_labels.csv (the test targets, scorer only).
The targets follow y = 3 + 2 x1 - x2 + 0.5 x3 + 0.8 x1 x2 + noise: a linear model (the
reference) gets most of the way; the interaction term is there so agents can beat it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

SEED = 20261129
TRAIN_ROWS = 200
TEST_ROWS = 100
NOISE = 0.1


def target(x1: float, x2: float, x3: float) -> float:
    """The hidden trend (without noise)."""
    return 3.0 + 2.0 * x1 - 1.0 * x2 + 0.5 * x3 + 0.8 * x1 * x2


def rows(rng: random.Random, n: int) -> list[tuple[float, float, float, float]]:
    """``n`` rows (x1, x2, x3, y), rounded to 6 decimals as written."""
    out = []
    for _ in range(n):
        x1, x2, x3 = (round(rng.uniform(-1.0, 1.0), 6) for _ in range(3))
        y = round(target(x1, x2, x3) + rng.gauss(0.0, NOISE), 6)
        out.append((x1, x2, x3, y))
    return out


def main(env_dir: Path) -> None:
    rng = random.Random(SEED)
    train, test = rows(rng, TRAIN_ROWS), rows(rng, TEST_ROWS)
    data = env_dir / "task" / "data"
    hidden = env_dir / "scoring" / "hidden"
    data.mkdir(parents=True, exist_ok=True)
    hidden.mkdir(parents=True, exist_ok=True)
    (data / "train.csv").write_text(
        "x1,x2,x3,y\n" + "".join(f"{a:.6f},{b:.6f},{c:.6f},{y:.6f}\n" for a, b, c, y in train)
    )
    (data / "test.csv").write_text(
        "x1,x2,x3\n" + "".join(f"{a:.6f},{b:.6f},{c:.6f}\n" for a, b, c, _ in test)
    )
    (hidden / "test_labels.csv").write_text("y\n" + "".join(f"{y:.6f}\n" for *_, y in test))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1])
