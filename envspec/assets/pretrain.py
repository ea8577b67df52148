"""Pretrain one GPT on token files: the child process :mod:`envspec.assets.lm` starts.

Run as ``python -m envspec.assets.pretrain SPEC.json`` (``"task": "evaluate"`` in the spec
evaluates saved models instead, under the same pinned settings). It runs in a process of its
own because what makes CPU training reproducible bit for bit must be set before torch loads
(the parent sets ``MKL_CBWR``, ``ATEN_CPU_CAPABILITY``, ``ONEDNN_MAX_CPU_ISA`` and the thread
counts in its environment); here the seeds, the thread count and deterministic algorithms are fixed.

The spec (JSON): ``train``, ``validation`` (uint16 token files), ``out`` (a folder),
``config`` (GPTConfig fields), ``steps``, ``batch_size``, ``lr``, ``warmup``, ``seed``,
``threads``, ``device`` and ``eval_every``. It writes ``out/model.pt`` and ``out/train.json``
(the losses, no times) and prints one JSON line of progress per evaluation on stderr.
"""

from __future__ import annotations

import json
import math
import sys
import time
from pathlib import Path
from typing import Any


def read_tokens(path: Path) -> Any:
    """A uint16 token file as a 1-D int64 tensor."""
    import numpy as np
    import torch

    return torch.from_numpy(np.fromfile(path, dtype="<u2").astype(np.int64))


def lr_at(step: int, steps: int, peak: float, warmup: int) -> float:
    """Linear warm-up to ``peak``, then cosine decay to a tenth of it."""
    if step < warmup:
        return peak * (step + 1) / warmup
    progress = (step - warmup) / max(1, steps - warmup)
    return peak * (0.1 + 0.45 * (1 + math.cos(math.pi * min(1.0, progress))))


def train(spec: dict[str, Any]) -> dict[str, Any]:
    """Train the model ``spec`` describes; returns what ``train.json`` holds."""
    import torch

    from envspec.assets import gpt

    device = str(spec["device"])
    torch.set_num_threads(int(spec["threads"]))
    # CUDA's attention backward has no deterministic kernel: warn there rather than fail
    torch.use_deterministic_algorithms(True, warn_only=device != "cpu")
    torch.manual_seed(int(spec["seed"]))
    cfg = gpt.GPTConfig.from_dict(spec["config"])
    model = gpt.GPT(cfg).to(device)
    tokens = read_tokens(Path(spec["train"]))
    validation = read_tokens(Path(spec["validation"]))
    steps, batch, block = int(spec["steps"]), int(spec["batch_size"]), cfg.block_size
    decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
    other = [p for n, p in model.named_parameters() if p.dim() < 2]
    opt = torch.optim.AdamW(
        [{"params": decay, "weight_decay": 0.1}, {"params": other, "weight_decay": 0.0}],
        lr=float(spec["lr"]),
        betas=(0.9, 0.95),
    )
    sampler = torch.Generator().manual_seed(int(spec["seed"]) + 1)
    offsets = torch.arange(block + 1)
    use_bf16 = device.startswith("cuda")
    history: list[dict[str, float]] = []
    t0 = time.monotonic()
    for step in range(steps):
        for group in opt.param_groups:
            group["lr"] = lr_at(step, steps, float(spec["lr"]), int(spec["warmup"]))
        starts = torch.randint(0, tokens.numel() - block - 1, (batch,), generator=sampler)
        rows = tokens[starts[:, None] + offsets].to(device)
        with torch.autocast(device_type="cuda", dtype=torch.bfloat16, enabled=use_bf16):
            loss = model.loss(rows[:, :-1], rows[:, 1:])
        opt.zero_grad(set_to_none=True)
        loss.backward()  # type: ignore[no-untyped-call]
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        last = step + 1 == steps
        if step + 1 == 20:  # an early sign of the pace
            print(
                json.dumps({"step": 20, "seconds": round(time.monotonic() - t0, 1)}),
                file=sys.stderr,
                flush=True,
            )
        if last or (step + 1) % int(spec["eval_every"]) == 0:
            val = gpt.evaluate(model, validation)
            model.train()
            history.append({"step": step + 1, "train": float(loss.detach()), "validation": val})
            progress = {"step": step + 1, "steps": steps, "validation": round(val, 4)}
            progress["seconds"] = round(time.monotonic() - t0, 1)
            print(json.dumps(progress), file=sys.stderr, flush=True)
    out = Path(spec["out"])
    out.mkdir(parents=True, exist_ok=True)
    gpt.save(model.cpu(), out / "model.pt")
    record = {
        "config": cfg.to_dict(),
        "parameters": sum(p.numel() for p in model.parameters()),
        "training": {k: spec[k] for k in ("steps", "batch_size", "lr", "warmup", "seed")},
        "tokens_seen": steps * batch * block,
        "history": history,
        "validation_loss": history[-1]["validation"],
    }
    (out / "train.json").write_text(json.dumps(record, indent=2, sort_keys=True) + "\n")
    return record


def evaluate(spec: dict[str, Any]) -> dict[str, dict[str, float]]:
    """Loss of each of ``spec["models"]`` (name → model.pt) on each of ``spec["splits"]``
    (name → token file); written as JSON to ``spec["out"]``."""
    import torch

    from envspec.assets import gpt

    torch.set_num_threads(int(spec["threads"]))
    device = str(spec.get("device", "cpu"))
    torch.use_deterministic_algorithms(True, warn_only=device != "cpu")
    splits = {name: read_tokens(Path(path)) for name, path in spec["splits"].items()}
    losses: dict[str, dict[str, float]] = {}
    for name, path in spec["models"].items():
        model = gpt.load(path).to(device)
        losses[name] = {split: gpt.evaluate(model, t) for split, t in splits.items()}
    Path(spec["out"]).write_text(json.dumps(losses, indent=2, sort_keys=True) + "\n")
    return losses


def main() -> None:
    spec = json.loads(Path(sys.argv[1]).read_text())
    if spec.get("task") == "evaluate":
        evaluate(spec)
    else:
        train(spec)


if __name__ == "__main__":
    main()
