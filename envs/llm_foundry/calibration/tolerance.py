"""Calibrate llm_foundry's tolerance: how far the weights move under changes that keep the
training (allowed) and under changes that do not (forbidden), each measured as the scorer
measures it (the sum over tensors of the L2 norm of the difference from the reference
pipeline's weights on the same data).

    python calibration/tolerance.py ASSETS OUT.json [--rows 200] [--data-seeds 2] [--repeats 5]
        [--first-seed 0] [--append]

ASSETS is the folder scoring/build_assets.py wrote (``base`` and ``pool``). Allowed: the
reference pipeline again (repeats: nondeterminism), with one thread instead of all, and the
starting pipeline (unfused attention, four data-loader workers, three processes, evaluation,
checkpoints). Forbidden: one optimiser step skipped (the 20th, the last), the last ten steps
one precision lower (bf16 autocast where the training is float32, the layers' products in
float32 where it is float64: the GPU's), the learning rate x0.9, bf16 master weights, another
shuffle seed, 1 % fewer rows, sequences one token shorter. Prints a table and writes the
figures with the threshold they allow (>= 2x the largest allowed, <= half the smallest
forbidden). With ``--append``, the figures of OUT.json (earlier data sets: pass
``--first-seed`` past them) are kept and the new data sets' added, so one device call can
measure one data set at a time.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

ENV = Path(__file__).resolve().parents[1]
REFERENCE = ENV / "reference"
STARTING = ENV / "task" / "solution"
# the reference's module over the starting pipeline's, as calibration prepares it
sys.path[:0] = [str(REFERENCE / "scripts"), str(STARTING / "scripts")]

import finetune  # noqa: E402  (the reference pipeline's module)
import model as gpt2  # noqa: E402


def distance(a: dict[str, torch.Tensor], b: dict[str, torch.Tensor]) -> float:
    return float(sum(torch.linalg.vector_norm((a[k].float() - b[k]).double()) for k in sorted(b)))


def pipeline(folder: Path, data: Path, base: Path, out: Path, threads: int) -> float:
    """Run ``folder``'s finetune.sh as the scorer does; its seconds."""
    work = out.parent / f"{out.name}-src"
    # as calibration prepares a solution: its files written over the starting pipeline's
    shutil.copytree(STARTING, work)
    shutil.copytree(folder, work, dirs_exist_ok=True)
    env = dict(os.environ, DATA=str(data), BASE_MODEL=str(base), OUTPUT=str(out))
    env |= {k: str(threads) for k in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")}
    started = time.monotonic()
    done = subprocess.run(
        ["bash", "finetune.sh"], cwd=work, env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        sys.exit(f"{folder.name}'s finetune.sh failed ({done.returncode}):\n{done.stderr[-4000:]}")
    seconds = time.monotonic() - started
    shutil.rmtree(work)
    return seconds


def draw(pool: list[str], seed: int, rows: int) -> str:
    """Data set ``seed``: ``rows`` rows of the pool, as a JSON-lines text."""
    return "\n".join(random.Random(seed).sample(pool, rows)) + "\n"


def weights(folder: Path) -> dict[str, torch.Tensor]:
    return torch.load(folder / gpt2.WEIGHTS, map_location="cpu", weights_only=True)


def float32_products(self: gpt2.Conv1D, x: torch.Tensor) -> torch.Tensor:
    """A layer's product in float32, the result cast back: a float64 training's cheap step."""
    out = torch.addmm(self.bias.float(), x.reshape(-1, x.shape[-1]).float(), self.weight.float())
    return out.to(x.dtype).view(*x.shape[:-1], -1)


EXACT_PRODUCTS = gpt2.Conv1D.forward
#: the name of the change ``lower_last`` makes, by the training's precision
LOWER_LAST = {
    torch.float32: "bf16 autocast in the last 10 steps",
    torch.float64: "products in float32 in the last 10 steps",
}


def changed(
    data: Path,
    base: Path,
    *,
    cfg_edit: Callable[[dict[str, Any]], None] | None = None,
    rows_kept: float = 1.0,
    bf16: bool = False,
    skip_step: int | None = None,
    lower_last: int = 0,
) -> dict[str, torch.Tensor]:
    """The reference training with one change, in this process; the weights as saved
    (float32). ``skip_step`` counts from 1 (-1: the last step); ``lower_last``: that many last
    steps one precision lower (``LOWER_LAST``)."""
    cfg = tomllib.loads((REFERENCE / "finetune.toml").read_text())
    if cfg_edit:
        cfg_edit(cfg)
    lines = data.read_text(encoding="utf-8").splitlines()
    with tempfile.TemporaryDirectory() as tmp:
        kept = Path(tmp) / "data.jsonl"
        kept.write_text("\n".join(lines[: round(len(lines) * rows_kept)]) + "\n")
        seqs = finetune.sequences(str(kept), str(base / "tokenizer.json"), cfg["max_seq_len"])
    model = gpt2.load(base)
    if bf16:
        model = model.to(torch.bfloat16)
    steps = math.ceil(len(seqs) / cfg["data"]["batch_size"])
    if skip_step == -1:
        skip_step = steps
    if lower_last:
        exact, calls, wide = model.loss, [0], gpt2.dtype() == torch.float64

        def loss(seq: torch.Tensor) -> torch.Tensor:
            calls[0] += 1
            late = calls[0] > steps - lower_last
            if wide:
                products = float32_products if late else EXACT_PRODUCTS
                gpt2.Conv1D.forward = products  # type: ignore[method-assign]
                return exact(seq)
            if not late:
                return exact(seq)
            with torch.autocast(gpt2.device().type, dtype=torch.bfloat16):
                return exact(seq)

        model.loss = loss  # type: ignore[method-assign]
    adamw = torch.optim.AdamW
    if skip_step is not None:

        class Skipping(adamw):  # type: ignore[misc, valid-type]
            calls = 0

            def step(self, closure: Any = None) -> Any:
                Skipping.calls += 1
                return None if Skipping.calls == skip_step else super().step(closure)

        torch.optim.AdamW = Skipping  # type: ignore[misc]
    try:
        finetune.train(cfg, seqs, model)
    finally:
        torch.optim.AdamW = adamw  # type: ignore[misc]
        gpt2.Conv1D.forward = EXACT_PRODUCTS  # type: ignore[method-assign]
    return {k: v.detach().float().cpu() for k, v in model.state_dict().items()}


def edit(
    section: str | None, key: str, fn: Callable[[Any], Any]
) -> Callable[[dict[str, Any]], None]:
    def apply(cfg: dict[str, Any]) -> None:
        where = cfg if section is None else cfg[section]
        where[key] = fn(where[key])

    return apply


FORBIDDEN: dict[str, dict[str, Any]] = {
    "one optimiser step skipped (the 20th)": {"skip_step": 20},
    "the last optimiser step skipped": {"skip_step": -1},
    LOWER_LAST[gpt2.dtype()]: {"lower_last": 10},
    "learning rate x0.9": {"cfg_edit": edit("optimizer", "lr", lambda v: v * 0.9)},
    "bf16 master weights": {"bf16": True},
    "another shuffle seed": {"cfg_edit": edit(None, "seed", lambda v: v + 1)},
    "1 % fewer rows": {"rows_kept": 0.99},
    "sequences one token shorter": {"cfg_edit": edit(None, "max_seq_len", lambda v: v - 1)},
}


#: our addition after lite's review: a precision change so small that it can fall inside the
#: allowed range (reported apart from the issue's list)
BEYOND_ISSUE = LOWER_LAST[gpt2.dtype()]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("assets", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--rows", type=int, default=200)
    ap.add_argument("--data-seeds", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--first-seed", type=int, default=0, help="the first data set's seed")
    ap.add_argument("--append", action="store_true", help="add to OUT.json's figures")
    args = ap.parse_args()
    base = args.assets / "base" / "model"
    pool = (args.assets / "pool" / "rows.jsonl").read_text(encoding="utf-8").splitlines()
    threads = len(os.sched_getaffinity(0))
    torch.set_num_threads(threads)
    figures: dict[str, Any] = {"allowed": {}, "forbidden": {}, "seconds": {}}
    earlier: dict[str, Any] = {"provenance": {"seeds": []}}
    if args.append:
        earlier = json.loads(args.out.read_text())
        figures = {k: earlier[k] for k in figures}
        if earlier["provenance"]["rows"] != args.rows:
            sys.exit(f"{args.out}'s data sets have {earlier['provenance']['rows']} rows: use those")
    new_seeds = list(range(args.first_seed, args.first_seed + args.data_seeds))
    if overlap := set(new_seeds) & set(earlier["provenance"]["seeds"]):
        sys.exit(f"{args.out} holds data sets {sorted(overlap)} already: pass --first-seed past")
    seeds = earlier["provenance"]["seeds"] + new_seeds
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for seed in new_seeds:
            data = root / f"data-{seed}.jsonl"
            data.write_text(draw(pool, seed, args.rows))
            ref_out = root / f"ref-{seed}"
            secs = pipeline(REFERENCE, data, base, ref_out, threads)
            figures["seconds"].setdefault("reference", []).append(round(secs, 2))
            ref = weights(ref_out)
            runs: dict[str, tuple[Path, int]] = {
                f"reference again (run {i + 2})": (REFERENCE, threads)
                for i in range(args.repeats - 1)
            }
            runs["reference, one thread"] = (REFERENCE, 1)
            runs["starting pipeline"] = (STARTING, threads)
            for i, (name, (folder, n)) in enumerate(runs.items()):
                out = root / f"run-{seed}-{i}"
                secs = pipeline(folder, data, base, out, n)
                key = "starting" if folder == STARTING else "reference"
                figures["seconds"].setdefault(key, []).append(round(secs, 2))
                figures["allowed"].setdefault(name, []).append(distance(weights(out), ref))
                shutil.rmtree(out)
                gap = figures["allowed"][name][-1]
                print(f"data {seed} allowed {name}: {gap:.6g} ({secs:.1f} s)", flush=True)
            for name, change in FORBIDDEN.items():
                gap = distance(changed(data, base, **change), ref)
                figures["forbidden"].setdefault(name, []).append(gap)
                print(f"data {seed} forbidden {name}: {gap:.6g}", flush=True)
    largest = max(max(v) for v in figures["allowed"].values())
    smallest = min(min(v) for v in figures["forbidden"].values())
    figures["largest_allowed"], figures["smallest_forbidden"] = largest, smallest
    figures["threshold_range"] = [2 * largest, smallest / 2]
    listed = min(min(v) for k, v in figures["forbidden"].items() if k != BEYOND_ISSUE)
    figures["issue_list"] = {
        "note": f"the forbidden changes the issue lists ({BEYOND_ISSUE!r} left out)",
        "smallest_forbidden": listed,
        "threshold_range": [2 * largest, listed / 2],
    }
    figures["provenance"] = earlier["provenance"] | {
        "cpus": threads,
        "cpu": platform.processor() or platform.machine(),
        "torch": torch.__version__,
        "rows": args.rows,
        "data_seeds": len(seeds),
        "seeds": seeds,
        "date": time.strftime("%Y-%m-%d"),
        "command": "python calibration/tolerance.py",
    }
    if torch.cuda.is_available():
        figures["provenance"].setdefault("gpu", torch.cuda.get_device_name())
    args.out.write_text(json.dumps(figures, indent=2) + "\n")
    print(
        f"largest allowed {largest:.6g}; smallest forbidden {smallest:.6g}; "
        f"a threshold in [{2 * largest:.6g}, {smallest / 2:.6g}] keeps 2x on both sides"
    )


if __name__ == "__main__":
    main()
