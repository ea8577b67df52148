"""Explore candidate families for a variant (the operator's tool, before a truth is swept).

    python calibration/explore_family.py DATA VARIANT OUT.jsonl \
        --family batch_size=16,lr=0.005 [--family ...] \
        --level 4e11:8,12,16,24,32 [--level 2e13:16,256,12] [--jobs 14] [--device cuda]

Each ``--family`` overrides some of the variant's parameters; each ``--level`` is a nominal
FLOP level and its widths (a list, or FIRST,LAST,COUNT for a geometric grid). Every
(family, level, width) is trained with seed 0 (seeds 0..N-1 with ``--seeds N``) by the sweep's
own job (build_truth.py, experiment.py), longest first, and written to OUT.jsonl as it
finishes, so a run stopped at its time limit keeps what it measured. A level's widths whose
step count falls under ten are skipped. The results say where a family's optimum lies at each
level: for the operator's eyes only (a target level's optimum is the answer), never published
as they are.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "scoring"))
import build_truth  # noqa: E402 (the scorer's own folder)
import experiment  # noqa: E402


def widths_of(spec: str, multiple: int) -> list[int]:
    """A list ``8,12,16`` or a geometric grid ``FIRST,LAST,COUNT`` (three numbers, the last
    under the first)."""
    numbers = [int(x) for x in spec.split(",")]
    if len(numbers) == 3 and numbers[2] < numbers[0]:
        return build_truth.grid(*numbers, multiple=multiple)
    return numbers


def family_of(base: dict[str, Any], override: str) -> tuple[str, experiment.Family]:
    """The variant's family with ``key=value,...`` applied."""
    family = experiment.Family.of(base)
    changes: dict[str, Any] = {}
    for pair in filter(None, override.split(",")):
        key, value = pair.split("=", 1)
        field = type(getattr(family, key))
        if field is bool:
            changes[key] = value.lower() in ("1", "true", "yes")
        else:
            changes[key] = field(float(value)) if field is int else field(value)
    return override or "variant", replace(family, **changes)


def _one(job: tuple[str, float, tuple[Any, ...]]) -> dict[str, Any]:
    name, level, truth_job = job
    return {"family": name, "level": level} | build_truth._one(truth_job)


def main(argv: list[str]) -> None:
    """Train every (family, level, width) once, longest first; write each result at once."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("data", type=Path)
    parser.add_argument("variant")
    parser.add_argument("out", type=Path)
    parser.add_argument("--family", action="append", default=[])
    parser.add_argument("--level", action="append", required=True)
    parser.add_argument("--seeds", type=int, default=1, help="seeds 0..N-1 each")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--deadline", type=float, default=0, help="start nothing after S seconds")
    args = parser.parse_args(argv)
    manifest = yaml.safe_load((HERE.parent / "envspec.yaml").read_text())
    params = manifest["variants"][args.variant]["parameters"]
    data = args.data / params["data"]
    families = [family_of(params, f) for f in args.family or [""]]
    jobs = []
    for name, family in families:
        for level_spec in args.level:
            level_text, widths = level_spec.split(":")
            level = float(level_text)
            for w in widths_of(widths, family.n_head):
                iters = round(level / family.flops(w, 1))
                if iters >= 10:
                    # one torch thread a job; seed 0 is the trainer's default
                    for seed in range(args.seeds):
                        job = (data, family, w, iters, seed, args.device, 1)
                        jobs.append((name, level, job))
    jobs.sort(key=lambda j: -j[2][3])  # longest first: the pool ends together
    build_truth.run_longest_first(jobs, _one, args.out, args.jobs, args.deadline)


if __name__ == "__main__":
    main(sys.argv[1:])
