"""Does the training's precision decide whether a tolerance can separate allowed changes from
forbidden ones on a GPU? For each data set, the reference training in float32 and in float64,
each against the same with the starting pipeline's unfused attention (the allowed change whose
rounding gap varied 30x over data sets in float32), with the last optimiser step skipped, and
(float64) with its matrix products in float32 in the last ten steps or in float32 throughout.
Distances as the scorer measures them (weights saved as float32), in one process.

    python calibration/precision_probe.py ASSETS OUT.json [--rows 2000] [--seeds 0 1 2]

Figures are written after every training, so a call cut short keeps what it measured.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

import torch

HERE = Path(__file__).resolve().parent
ENV = HERE.parent
sys.path[:0] = [str(ENV / "reference" / "scripts"), str(ENV / "task" / "solution" / "scripts")]

import model as gpt2  # noqa: E402

UNFUSED = gpt2.Attention.forward
import finetune  # noqa: E402  (replaces the attention by the fused one)

FUSED = gpt2.Attention.forward
sys.path.insert(0, str(HERE))
from tolerance import EXACT_PRODUCTS, draw, float32_products  # noqa: E402


def train(
    cfg: dict[str, Any],
    seqs: torch.Tensor,
    base: Path,
    dtype: torch.dtype,
    *,
    fused: bool = True,
    skip_last: bool = False,
    low_last: int = 0,
) -> dict[str, torch.Tensor]:
    """The reference training in ``dtype`` with one change; the weights as saved (float32)."""
    gpt2.Attention.forward = FUSED if fused else UNFUSED  # type: ignore[method-assign]
    model = gpt2.load(base).to(dtype)  # whatever gpt2.dtype() says
    steps = math.ceil(len(seqs) / cfg["data"]["batch_size"])
    exact_loss, calls = model.loss, [0]

    def loss(seq: torch.Tensor) -> torch.Tensor:
        calls[0] += 1
        late = calls[0] > steps - low_last
        gpt2.Conv1D.forward = float32_products if late else EXACT_PRODUCTS  # type: ignore[method-assign]
        return exact_loss(seq)

    model.loss = loss  # type: ignore[method-assign]
    adamw = torch.optim.AdamW

    class Skipping(adamw):  # type: ignore[misc, valid-type]
        calls = 0

        def step(self, closure: Any = None) -> Any:
            Skipping.calls += 1
            return None if skip_last and Skipping.calls == steps else super().step(closure)

    torch.optim.AdamW = Skipping  # type: ignore[misc]
    try:
        finetune.train(cfg, seqs, model)
    finally:
        torch.optim.AdamW = adamw  # type: ignore[misc]
        gpt2.Conv1D.forward = EXACT_PRODUCTS  # type: ignore[method-assign]
    return {k: v.detach().float().cpu() for k, v in model.state_dict().items()}


def distance(a: dict[str, torch.Tensor], b: dict[str, torch.Tensor]) -> float:
    return float(sum(torch.linalg.vector_norm((a[k] - b[k]).double()) for k in sorted(b)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("assets", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--rows", type=int, default=2000)
    ap.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    args = ap.parse_args()
    base = args.assets / "base" / "model"
    pool = (args.assets / "pool" / "rows.jsonl").read_text(encoding="utf-8").splitlines()
    cfg = tomllib.loads((ENV / "reference" / "finetune.toml").read_text())
    figures: dict[str, Any] = {
        "what": __doc__.split("\n\n")[0],
        "provenance": {
            "torch": torch.__version__,
            "gpu": torch.cuda.get_device_name() if torch.cuda.is_available() else None,
            "rows": args.rows,
            "date": time.strftime("%Y-%m-%d"),
            "command": "python calibration/precision_probe.py",
        },
        "data_sets": {},
    }
    f32, f64 = torch.float32, torch.float64
    runs: dict[str, tuple[torch.dtype, dict[str, Any]]] = {
        "float32: unfused attention": (f32, {"fused": False}),
        "float32: the last step skipped": (f32, {"skip_last": True}),
        "float64: the reference again": (f64, {}),
        "float64: unfused attention": (f64, {"fused": False}),
        "float64: the last step skipped": (f64, {"skip_last": True}),
        "float64: products in float32 in the last 10 steps": (f64, {"low_last": 10}),
    }
    for seed in args.seeds:
        with tempfile.TemporaryDirectory() as tmp:
            data = Path(tmp) / "data.jsonl"
            data.write_text(draw(pool, seed, args.rows))
            seqs = finetune.sequences(str(data), str(base / "tokenizer.json"), cfg["max_seq_len"])
        row: dict[str, Any] = {"steps": math.ceil(len(seqs) / cfg["data"]["batch_size"])}
        figures["data_sets"][f"seed {seed}"] = row
        refs: dict[torch.dtype, dict[str, torch.Tensor]] = {}
        for dtype in (f32, f64):
            started = time.monotonic()
            refs[dtype] = train(cfg, seqs, base, dtype)
            row[f"{dtype} reference seconds"] = round(time.monotonic() - started, 2)
        row["float64: float32 throughout"] = distance(refs[f32], refs[f64])
        for name, (dtype, change) in runs.items():
            started = time.monotonic()
            weights = train(cfg, seqs, base, dtype, **change)
            row[name] = distance(weights, refs[dtype])
            print(f"seed {seed} {name}: {row[name]:.4g} ({time.monotonic() - started:.1f} s)")
            args.out.write_text(json.dumps(figures, indent=2) + "\n")
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
