"""Build scaling_law's ground truth: the sweep along the target's iso-FLOP line.

    python scoring/build_truth.py DATA VARIANT OUT --widths F,L,N [--seeds 3] [--device cpu]

DATA is the data asset (build_data.py), VARIANT a variant of envspec.yaml (its parameters fix
the family and the target FLOPs). For each width of the geometric grid ``--widths`` (the
operator's choice around a coarse sweep's optimum, kept out of the repository and the manifest:
the grid's range would tell where the optimum lies) the step count that spends the target's
FLOPs is trained with each seed by the trainer's own code (experiment.py); the median over
seeds is the ground truth. Writes ``OUT/truth.json`` (the scorer-only asset: widths, steps,
every seed's loss, the medians) and prints the figures that may be published without giving
the answer away: the size of the grid, the seeds' spread at the optimum, the depth of the
minimum two grid steps away in units of that spread, whether the minimum is interior with three
points each side, and whether the narrowest point stays within three epochs and the optimum
within one.

``--normalisation S,R`` (after a calibration against the truth without it, whose raw figures
the operator keeps) writes the starting and reference answers' raw scores into the truth, and
the scorer then reports scores on that scale (starting 0, reference 1): no raw score of a
hidden scorer belongs in the repository (score.py's ``normalised`` says why). A completed
sweep is rebuilt from ``OUT/runs.jsonl`` without training.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import experiment  # noqa: E402 (the scorer's own folder)


def grid(first: int, last: int, count: int, multiple: int) -> list[int]:
    """``count`` widths from ``first`` to ``last``, geometric, rounded to ``multiple``."""
    ratio = (last / first) ** (1 / (count - 1))
    widths = [max(multiple, round(first * ratio**k / multiple) * multiple) for k in range(count)]
    if len(set(widths)) != count:
        raise SystemExit(f"the grid {widths} repeats a width: widen it or take fewer points")
    return widths


Job = TypeVar("Job")


def run_longest_first(
    jobs: list[Job],
    one: Callable[[Job], dict[str, Any]],
    out: Path,
    workers: int,
    deadline: float = 0,
) -> list[dict[str, Any]]:
    """Run ``jobs`` (longest first, as given) in ``workers`` processes, appending each result
    to the JSON-lines file ``out`` as it finishes, so that a sweep cut short (a lent GPU taken
    back, a time limit) keeps what it measured. With ``deadline`` nothing starts after that
    many seconds. Returns the results of this call."""
    began = time.monotonic()
    results = []
    with out.open("a") as sink, concurrent.futures.ProcessPoolExecutor(workers) as pool:
        pending: set[concurrent.futures.Future[dict[str, Any]]] = set()
        queue = list(jobs)
        while queue or pending:
            if deadline and time.monotonic() - began > deadline:
                queue.clear()
            while queue and len(pending) < workers:
                pending.add(pool.submit(one, queue.pop(0)))
            if not pending:
                break
            done, pending = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in done:
                results.append(future.result())
                sink.write(json.dumps(results[-1]) + "\n")
                sink.flush()
    print(f"{len(results)} of {len(jobs)} runs, {time.monotonic() - began:.0f} s", file=sys.stderr)
    return results


def _one(args: tuple[Path, experiment.Family, int, int, int, str, int]) -> dict[str, Any]:
    data, family, n_embd, iters, seed, device, threads = args
    import torch

    torch.set_num_threads(threads)
    result = experiment.run(data, family, n_embd, iters, seed, device=device)
    return {k: result[k] for k in ("n_embd", "max_iters", "seed", "flops", "epochs", "seconds")} | {
        "loss": result["final_validation"]
    }


def figures(truth: dict[str, Any]) -> dict[str, Any]:
    """What may be published of ``truth`` (no width, step count or loss of the optimum)."""
    med = truth["median"]
    best = med.index(min(med))
    spread = truth["spread"][best]
    near = [med[i] for i in (best - 2, best + 2) if 0 <= i < len(med)]
    depth = min(near) - med[best] if near else 0.0
    return {
        "widths": len(med),
        "seeds": len(truth["seeds"]),
        "interior_minimum_with_3_each_side": 3 <= best <= len(med) - 4,
        "spread_at_optimum_nats": round(spread, 4),
        "depth_two_steps_away_over_spread": round(depth / spread, 2) if spread else None,
        # booleans only: the epochs' numbers would give the grid's widths away
        "narrowest_within_3_epochs": max(truth["epochs"]) <= 3.0,
        "optimum_within_1_epoch": truth["epochs"][best] <= 1.0,
        # no sweep time: with the width count and the grid's ratio, and the trainer's own
        # seconds a step, it told roughly the grid's narrowest width (an attacker's review,
        # 2026-12-06); the operator's log has it (below)
    }


def main(argv: list[str]) -> None:
    """Run the sweep and write the asset."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("data", type=Path)
    parser.add_argument("variant")
    parser.add_argument("out", type=Path)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2, help="torch threads per job")
    parser.add_argument("--target", type=float, default=None, help="explore another target")
    parser.add_argument("--deadline", type=float, default=0, help="start nothing after S seconds")
    parser.add_argument(
        "--widths", required=True, help="the grid FIRST,LAST,COUNT (the operator's, unpublished)"
    )
    parser.add_argument(
        "--normalisation",
        default=None,
        help="STARTING,REFERENCE: the two answers' raw scores (the operator's, unpublished)",
    )
    args = parser.parse_args(argv)
    manifest = yaml.safe_load((HERE.parent / "envspec.yaml").read_text())
    params = manifest["variants"][args.variant]["parameters"]
    family = experiment.Family.of(params)
    target = args.target or float(params["target_flops"])
    first, last, count = (int(x) for x in args.widths.split(","))
    widths = grid(first, last, count, multiple=family.n_head)
    iters = [max(1, round(target / family.flops(w, 1))) for w in widths]
    data = args.data / params["data"]
    seeds = list(range(1, args.seeds + 1))  # seed 0 is the trainer's default: not reused
    args.out.mkdir(parents=True, exist_ok=True)
    # every finished run, kept across calls: a sweep resumes where it stopped
    done_file = args.out / "runs.jsonl"
    lines = done_file.read_text().splitlines() if done_file.exists() else []
    done = [json.loads(line) for line in lines]
    have = {(r["n_embd"], r["seed"]) for r in done}
    jobs = [
        (data, family, w, i, s, args.device, args.threads)
        for w, i in zip(widths, iters, strict=True)
        for s in seeds
        if (w, s) not in have
    ]
    jobs.sort(key=lambda j: -j[3] * j[2] ** 0.5)  # longest first (steps, a little width)
    runs = done + run_longest_first(jobs, _one, done_file, args.jobs, args.deadline)
    if len({(r["n_embd"], r["seed"]) for r in runs}) < len(widths) * len(seeds):
        raise SystemExit(f"the sweep is not complete ({done_file}): run the same command again")
    runs.sort(key=lambda r: (widths.index(r["n_embd"]), r["seed"]))
    losses = [[r["loss"] for r in runs if r["n_embd"] == w] for w in widths]
    truth = {
        "format": "scaling_law-truth-v1",
        "variant": args.variant,
        "target_flops": target,
        "widths": widths,
        "max_iters": iters,
        "seeds": seeds,
        "losses": losses,
        "median": [statistics.median(x) for x in losses],
        "spread": [max(x) - min(x) for x in losses],
        "epochs": [r["epochs"] for r in runs if r["seed"] == seeds[0]],
        "runs": runs,
    }
    if args.normalisation:
        starting, reference = (float(x) for x in args.normalisation.split(","))
        truth["normalisation"] = {"starting": starting, "reference": reference}
    (args.out / "truth.json").write_text(json.dumps(truth, indent=1) + "\n")
    print(json.dumps(figures(truth), indent=1))
    seconds = sum(r["seconds"] for r in truth["runs"])
    print(
        f"the sweep took {seconds:.0f} s (the operator's figure: not to be published)",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main(sys.argv[1:])
