"""The scorer: mean squared error of the solution's predictions.csv against hidden labels.

It follows envspec's scorer contract (docs/runtime.md in envspec): it reads the solution from
$ENVSPEC_SOLUTION (read-only), the variant's parameters from $ENVSPEC_PARAMETERS (JSON), and
writes one JSON object to $ENVSPEC_RESULT:

    {"valid": true, "score": 0.07, "message": "for the agent", "details": {...operator only}}
    {"valid": false, "reason": "why, for the agent"}

Anything it prints is for operators only. It finds its hidden files relative to itself, so the
same code runs in the scorer image and, unpacked, on the local backend. Treat the solution as
hostile: every exploit in exploits/ must end in {"valid": false, ...}.
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path

HERE = Path(__file__).resolve().parent
PREDICTIONS = "predictions.csv"
MAX_BYTES = 1_000_000  # a hundred predictions fit in a few kB; refuse to read more


class Invalid(Exception):
    """The solution cannot be scored; the message says why (the agent sees it)."""


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
    hidden labels (see exploits/symlink_labels.sh). O_NOFOLLOW makes the check and the read
    one step.
    """
    path = solution / PREDICTIONS
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        raise Invalid(f"no {PREDICTIONS} in the solution folder; run predict.py") from None
    except OSError as e:
        raise Invalid(f"{PREDICTIONS} must be a regular file, not a link ({e.strerror})") from None
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise Invalid(f"{PREDICTIONS} must be a regular file")
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise Invalid(f"{PREDICTIONS} is larger than {MAX_BYTES} bytes")
    return data.decode("utf-8", errors="replace")


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


def main() -> None:
    params = json.loads(os.environ.get("ENVSPEC_PARAMETERS") or "{}")
    result = score(Path(os.environ["ENVSPEC_SOLUTION"]), params)
    print("scorer:", json.dumps(result))  # operator-only log
    Path(os.environ["ENVSPEC_RESULT"]).write_text(json.dumps(result))


if __name__ == "__main__":
    main()
