"""The scorer: mean squared error of the solution's predictions.csv against hidden labels.

It follows envspec's scorer contract (docs/runtime.md in envspec): it reads the solution from
$ENVSPEC_SOLUTION (read-only), the variant's parameters from $ENVSPEC_PARAMETERS (JSON), and
writes one JSON object to $ENVSPEC_RESULT:

    {"valid": true, "score": 0.07, "message": "for the agent", "details": {...operator only}}
    {"valid": false, "reason": "why, for the agent"}

Anything it prints is for operators only. It finds its hidden files relative to itself, so the
same code runs in the scorer image and, unpacked, on the local backend. Treat the solution as
hostile: every exploit in exploits/ must end in {"valid": false, ...}.

It uses envspec's scorer kit (``scorer_kit``, on the scorer's PYTHONPATH in every scorer image;
docs/authoring.md): ``run_scorer`` claims the result file first, ``copy_file`` copies the
agent's file without following links. A scorer that runs the agent's code does so in a
``scorer_kit.Sandbox`` (a uid of its own, a private folder, limits, no network).
"""

from __future__ import annotations

import math
from pathlib import Path

import scorer_kit as kit

HERE = Path(__file__).resolve().parent
PREDICTIONS = "predictions.csv"
MAX_BYTES = 1_000_000  # a hundred predictions fit in a few kB; refuse to read more


Invalid = kit.Invalid


def read_numbers(text: str, *, what: str) -> list[float]:
    """The values of a one-column CSV with header ``y``; finite numbers only."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "y":
        raise Invalid(f"{what} must start with the header line 'y'")
    values = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            value = float(line)
        except ValueError:
            raise Invalid(f"{what} line {number}: {line[:40]!r} is not a number") from None
        if not math.isfinite(value):
            raise Invalid(f"{what} line {number}: {value} is not finite")
        values.append(value)
    return values


def read_predictions(solution: Path) -> str:
    """The text of predictions.csv, refusing anything but a small regular file.

    A symbolic link is refused outright: in the scorer's container it could point at the
    hidden labels (see exploits/symlink_labels.sh). The kit copies without following links.
    """
    with kit.Sandbox(label="predictions") as box:  # a private folder for the copy
        copied = box.root / PREDICTIONS
        kit.copy_file(solution, PREDICTIONS, copied, max_bytes=MAX_BYTES)
        return copied.read_text(encoding="utf-8", errors="replace")


def score(solution: Path, params: dict[str, object]) -> dict[str, object]:
    """The scorer's result for the solution folder (a contract object)."""
    labels = read_numbers((HERE / "hidden" / "test_labels.csv").read_text(), what="labels")
    try:
        predictions = read_numbers(read_predictions(solution), what=PREDICTIONS)
        if len(predictions) != len(labels):
            raise Invalid(
                f"{PREDICTIONS} has {len(predictions)} predictions; test.csv has {len(labels)} rows"
            )
    except Invalid as e:
        return {"valid": False, "reason": str(e)}
    mse = sum((p - y) ** 2 for p, y in zip(predictions, labels, strict=True)) / len(labels)
    # Rounded so that repeated scorings, and the calibration, are exact.
    decimals = params.get("decimals", 6)
    value = round(mse, decimals if isinstance(decimals, int) else 6)
    return {
        "valid": True,
        "score": value,
        "message": f"mean squared error {value} over {len(labels)} test rows",
        "details": {"rows": len(labels), "mse": mse},
    }


if __name__ == "__main__":
    kit.run_scorer(lambda params, solution: score(solution, params))
