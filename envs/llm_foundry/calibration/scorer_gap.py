"""The scorer's own verdict on the starting pipeline for given data sets, in this process:
``scoring/score.py``'s ``score()`` with the scorer kit's sandbox (root: a uid of its own), the
data drawn as ``tolerance.py`` draws it (a seed) or read from a file (``file:PATH``, say the
data a scoring through the runtime drew), the distance and per-tensor gaps printed whatever
the verdict.

    python calibration/scorer_gap.py ASSETS SEED|file:PATH [...] [--rows 2000]

ASSETS is the folder scoring/build_assets.py wrote. It separates the runtime from the data:
when a scoring through the runtime is invalid and this, on the same data, gives the same
distance, the data set is the cause.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ENV = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent  # tolerance.py: the data sets drawn as it draws them
sys.path[:0] = [str(ENV.parents[1] / "envspec" / "kit"), str(ENV / "scoring"), str(HERE)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("assets", type=Path)
    ap.add_argument("data", nargs="+", help="a seed, or file:PATH")
    ap.add_argument("--rows", type=int, default=2000)
    args = ap.parse_args()
    os.environ["ENVSPEC_ASSET_BASE"] = str(args.assets / "base")
    os.environ["ENVSPEC_ASSET_POOL"] = str(args.assets / "pool")
    # sandboxes get private temporary folders (/tmp, /var/tmp): the scoring folder is elsewhere
    scoring = Path(tempfile.mkdtemp(prefix="envspec-scorer-gap-", dir="/var/lib"))
    scoring.chmod(0o711)
    os.environ["ENVSPEC_SCORING_DIR"] = str(scoring)
    import score  # the scorer, as its image holds it (reference/ over the starting scripts)
    import torch
    from tolerance import draw

    reference = scoring / "reference"
    shutil.copytree(ENV / "task" / "solution", reference)
    shutil.copytree(ENV / "reference", reference, dirs_exist_ok=True)
    score.REFERENCE = reference
    pool = (args.assets / "pool" / "rows.jsonl").read_text(encoding="utf-8").splitlines()
    measured: dict[str, Any] = {}
    real_distance = score.distance

    def distance(a: dict[str, torch.Tensor], b: dict[str, torch.Tensor]) -> float:
        measured["per_tensor"] = sorted(
            ((k, float(torch.linalg.vector_norm((a[k].float() - b[k]).double()))) for k in b),
            key=lambda kv: -kv[1],
        )[:8]
        measured["distance"] = real_distance(a, b)
        return float(measured["distance"])

    score.distance = distance
    params = {"rows": args.rows, "timeout_s": 3600, "max_distance": 0.15, "memory_gb": 0}
    try:
        for given in args.data:
            if given.startswith("file:"):
                text = Path(given[5:]).read_text(encoding="utf-8")
            else:
                text = draw(pool, int(given), args.rows)
            score.draw_rows = lambda _n, text=text: text
            measured.clear()
            began = time.monotonic()
            try:
                verdict = score.score(params, ENV / "task" / "solution")["message"]
            except score.kit.Invalid as e:
                verdict = f"invalid: {e}"
            measured["seconds"] = round(time.monotonic() - began, 1)
            print(f"{given}: {verdict}\n  {json.dumps(measured)}", flush=True)
    finally:
        shutil.rmtree(scoring, ignore_errors=True)


if __name__ == "__main__":
    main()
