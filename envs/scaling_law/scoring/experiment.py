"""One experiment of the fixed GPT family: the only training code of scaling_law.

The trainer service (trainer.py) runs it for the agent; the ground-truth builder
(build_truth.py) runs it for the sweep along the target's iso-FLOP line; so the loss the agent
is shown and the loss the score is computed from are the same quantity.

The family is the original's: a GPT of ``n_layer`` blocks, the width ``n_embd`` and the number
of steps ``max_iters`` free, everything else fixed by the variant (context, batch, learning-rate
schedule, vocabulary). Its nominal FLOPs are the original's formula::

    n_layer * n_embd**2 * 12 * 6 * block_size * batch_size * max_iters
"""

from __future__ import annotations

import importlib.util
import json
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch

#: widths the family takes (multiples of the head count)
MIN_EMBD, MAX_EMBD = 8, 2048
#: steps the family takes (far beyond any target: a bound for the arithmetic, not a rule)
MAX_ITERS = 10**9
#: how many validation points a curve has (besides the last step)
CURVE_POINTS = 8


@dataclass(frozen=True)
class Family:
    """What the variant fixes (its ``ENVSPEC_PARAMETERS``)."""

    n_layer: int
    n_head: int
    block_size: int
    batch_size: int
    lr: float
    warmup: int
    eval_batches: int
    #: float32 matrix products in TensorFloat-32 on a GPU (standard: about 4x the speed; the
    #: truth, the trainer and every experiment use the same arithmetic)
    tf32: bool = False
    #: Adam's second-moment decay (absent from a variant: torch's default)
    beta2: float = 0.999

    @classmethod
    def of(cls, params: dict[str, Any]) -> Family:
        """The family a variant's parameters describe."""
        return cls(
            n_layer=int(params["n_layer"]),
            n_head=int(params["n_head"]),
            block_size=int(params["block_size"]),
            batch_size=int(params["batch_size"]),
            lr=float(params["lr"]),
            warmup=int(params["warmup"]),
            eval_batches=int(params["eval_batches"]),
            tf32=bool(params.get("tf32", False)),
            beta2=float(params.get("beta2", 0.999)),
        )

    def flops(self, n_embd: int, max_iters: int) -> int:
        """Nominal FLOPs of one experiment (the original's formula)."""
        return self.n_layer * n_embd**2 * 12 * 6 * self.block_size * self.batch_size * max_iters

    def check(self, n_embd: object, max_iters: object) -> str | None:
        """Why (``n_embd``, ``max_iters``) is not an experiment of the family (None: it is)."""
        if type(n_embd) is not int or type(max_iters) is not int:
            return "n_embd and max_iters must be integers"
        if not MIN_EMBD <= n_embd <= MAX_EMBD or n_embd % self.n_head:
            return f"n_embd must be a multiple of {self.n_head} in {MIN_EMBD}..{MAX_EMBD}"
        if not 1 <= max_iters <= MAX_ITERS:
            return f"max_iters must be in 1..{MAX_ITERS}"
        return None


def _model_module(data: Path) -> Any:
    """The GPT code shipped in the data asset (model.py)."""
    name = "scaling_law_model"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, data / "model.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


def _tokens(path: Path) -> torch.Tensor:
    return torch.from_numpy(np.fromfile(path, dtype="<u2").astype(np.int64))


def lr_at(step: int, steps: int, peak: float, warmup: int) -> float:
    """Linear warm-up to ``peak``, then cosine decay to a tenth of it at ``steps``."""
    warm = min(warmup, max(1, steps // 10))
    if step < warm:
        return peak * (step + 1) / warm
    progress = (step - warm) / max(1, steps - warm)
    return peak * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * progress)))


def run(
    data: Path,
    family: Family,
    n_embd: int,
    max_iters: int,
    seed: int,
    *,
    device: str = "cpu",
) -> dict[str, Any]:
    """Train one model of the family on ``data``'s train split; return its curves (train loss
    per step, validation loss at CURVE_POINTS steps and the last), its final validation loss,
    FLOPs and epochs over the train split."""
    gpt = _model_module(data)
    vocab = int(json.loads((data / "tokens.json").read_text())["vocab_size"])
    # on the device once: a batch is then one gather there, not 64 slices copied from the host
    train = _tokens(data / "train.bin").to(device)
    validation = _tokens(data / "validation.bin").to(device)
    torch.manual_seed(seed)
    if device.startswith("cuda"):
        torch.backends.cuda.matmul.allow_tf32 = family.tf32
    config = gpt.GPTConfig(
        vocab_size=vocab,
        block_size=family.block_size,
        n_layer=family.n_layer,
        n_head=family.n_head,
        n_embd=n_embd,
    )
    model = gpt.GPT(config).to(device)
    optimiser = torch.optim.AdamW(
        model.parameters(), lr=family.lr, betas=(0.9, family.beta2), weight_decay=0.1
    )
    # batches from a generator of the seed: the same experiment, the same data order
    order = torch.Generator().manual_seed(seed)
    span = family.block_size + 1
    curve_at = {max(1, round(max_iters * k / CURVE_POINTS)) for k in range(1, CURVE_POINTS + 1)}
    offsets = torch.arange(span, device=device)
    losses: list[torch.Tensor] = []  # read once at the end: no wait for the device each step
    val_curve: list[list[float]] = []
    began = time.monotonic()
    for step in range(max_iters):
        starts = torch.randint(0, train.numel() - span, (family.batch_size,), generator=order)
        rows = train[starts.to(device)[:, None] + offsets]
        for group in optimiser.param_groups:
            group["lr"] = lr_at(step, max_iters, family.lr, family.warmup)
        loss = model.loss(rows[:, :-1], rows[:, 1:])
        optimiser.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimiser.step()
        losses.append(loss.detach())
        if step + 1 in curve_at:
            val_curve.append([step + 1, round(validation_loss(model, validation, family), 5)])
            model.train()
    train_curve = [[i + 1, round(x, 5)] for i, x in enumerate(torch.stack(losses).tolist())]
    tokens = family.batch_size * family.block_size * max_iters
    return {
        "n_embd": n_embd,
        "max_iters": max_iters,
        "seed": seed,
        "flops": family.flops(n_embd, max_iters),
        "epochs": round(tokens / train.numel(), 4),
        "train": train_curve,
        "validation": val_curve,
        "final_validation": val_curve[-1][1],
        "seconds": round(time.monotonic() - began, 2),
    }


@torch.no_grad()
def validation_loss(model: torch.nn.Module, tokens: torch.Tensor, family: Family) -> float:
    """Mean next-token loss over the first ``eval_batches`` batches of consecutive windows of
    the validation split (the same windows for every model)."""
    model.eval()
    span = family.block_size + 1
    offsets = torch.arange(span, device=tokens.device)
    # a float64 sum of float32 losses times counts: the same sum as in Python floats, read once
    total, count = torch.zeros((), dtype=torch.float64, device=tokens.device), 0
    for b in range(family.eval_batches):
        starts = [(b * family.batch_size + i) * family.block_size for i in range(family.batch_size)]
        if starts[-1] + span > tokens.numel():
            break
        rows = tokens[torch.tensor(starts, device=tokens.device)[:, None] + offsets]
        total += model.loss(rows[:, :-1], rows[:, 1:]).double() * rows[:, 1:].numel()
        count += rows[:, 1:].numel()
    return float(total) / count
