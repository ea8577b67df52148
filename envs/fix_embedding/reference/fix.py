"""The fix_embedding reference (the original's approach): rebuild the broken embedding from the
small model's.

1. Adapter: with every weight of the large model frozen, learn a linear map (and an offset)
   from the small model's token embeddings to the large model's width, by the large model's
   language-modelling loss on the train split. The map's output is both the input embedding
   and the tied output layer.
2. (`standard`, where the agent has a tenth of the pretraining text) Put the mapped embedding
   into the large model and train the embedding alone, the rest frozen as pretrained.
3. Fine-tune every weight on the train split.

Writes ``model.pt`` in the working directory. Settings depend on ``$ENVSPEC_VARIANT``; the
models and data come from ``$ENVSPEC_ASSET_CORRUPTED``, ``_SMALL`` and ``_DATA``.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

# one CPU code path on any x86 machine with AVX2 (read when torch loads): the same training
# gives the same weights on the calibration host and elsewhere
for key, value in (("MKL_CBWR", "AVX2"), ("ATEN_CPU_CAPABILITY", "avx2")):
    os.environ.setdefault(key, value)

import numpy as np  # noqa: E402
import torch  # noqa: E402

CORRUPTED = Path(os.environ.get("ENVSPEC_ASSET_CORRUPTED", "/assets/corrupted"))
SMALL = Path(os.environ.get("ENVSPEC_ASSET_SMALL", "/assets/small"))
DATA = Path(os.environ.get("ENVSPEC_ASSET_DATA", "/assets/data"))
sys.path.insert(0, str(CORRUPTED))
import model as gpt  # noqa: E402  (the model code shipped with the models)

SETTINGS = {
    "lite": {
        "device": "cpu",
        "threads": 2,
        "batch": 16,
        "adapter_steps": 100,
        "adapter_lr": 1e-2,
        "embedding_steps": 0,
        "embedding_lr": 0.0,
        "finetune_steps": 200,
        "finetune_lr": 1e-3,
        "eval_every": 0,  # the agent has all the pretraining text: no early stopping
    },
    "standard": {
        "device": "cuda",
        "threads": 8,
        "batch": 128,
        "adapter_steps": 1500,
        "adapter_lr": 3e-3,
        # little text: first the embedding alone (the rest stays as pretrained), then all
        "embedding_steps": 1500,
        "embedding_lr": 3e-3,
        "finetune_steps": 1500,
        "finetune_lr": 1e-4,
        # a tenth of the pretraining text: keep the fine-tuned weights with the best
        # validation loss (on its first 256 k tokens), evaluated this often
        "eval_every": 250,
    },
}


def tokens(name: str) -> torch.Tensor:
    return torch.from_numpy(np.fromfile(DATA / f"{name}.bin", dtype="<u2").astype(np.int64))


def batches(data: torch.Tensor, block: int, batch: int) -> Iterator[torch.Tensor]:
    """Random windows of ``block + 1`` tokens, from a fixed seed."""
    g = torch.Generator().manual_seed(0)
    offsets = torch.arange(block + 1)
    while True:
        starts = torch.randint(0, data.numel() - block - 1, (batch,), generator=g)
        yield data[starts[:, None] + offsets]


def lr_at(step: int, steps: int, peak: float, warmup: int = 20) -> float:
    """Linear warm-up, then cosine decay to a tenth of the peak."""
    if step < warmup:
        return peak * (step + 1) / warmup
    progress = (step - warmup) / max(1, steps - warmup)
    return peak * (0.1 + 0.45 * (1 + math.cos(math.pi * progress)))


def report(stage: str, model: gpt.GPT, val: torch.Tensor, t0: float) -> None:
    loss = gpt.evaluate(model, val)
    model.train()
    seconds = round(time.monotonic() - t0)
    print(json.dumps({"stage": stage, "validation": round(loss, 4), "s": seconds}), flush=True)


def optimise(
    opt: torch.optim.Optimizer,
    steps: int,
    peak: float,
    batches: Iterator[torch.Tensor],
    loss_of: Callable[[torch.Tensor], torch.Tensor],
    *,
    clip: list[torch.nn.Parameter] | None = None,
    every: int = 0,
    on_eval: Callable[[], None] | None = None,
) -> None:
    """``steps`` optimiser steps on the next batches (lr: :func:`lr_at` up to ``peak``), the
    gradient norm of ``clip`` capped at 1, ``on_eval`` after every ``every`` steps."""
    for step in range(steps):
        for group in opt.param_groups:
            group["lr"] = lr_at(step, steps, peak)
        loss = loss_of(next(batches))
        opt.zero_grad()
        loss.backward()
        if clip is not None:
            torch.nn.utils.clip_grad_norm_(clip, 1.0)
        opt.step()
        if on_eval is not None and every and (step + 1) % every == 0:
            on_eval()


def main() -> None:
    s = SETTINGS[os.environ.get("ENVSPEC_VARIANT", "lite")]
    torch.manual_seed(0)
    torch.set_num_threads(int(s["threads"]))
    dev = str(s["device"])
    large = gpt.load(CORRUPTED / "model.pt").to(dev)
    small = gpt.load(SMALL / "model.pt")
    train, val = tokens("train"), tokens("validation")
    stream = (rows.to(dev) for rows in batches(train, large.config.block_size, int(s["batch"])))
    t0 = time.monotonic()

    def lm_loss(rows: torch.Tensor) -> torch.Tensor:
        return large.loss(rows[:, :-1], rows[:, 1:])

    # 1. the adapter: a linear map from the small model's embeddings, everything else frozen
    for p in large.parameters():
        p.requires_grad_(False)
    e_small = small.wte.weight.detach().to(dev)
    broken = large.wte.weight.detach()
    w = torch.randn(e_small.shape[1], broken.shape[1], device=dev)
    w *= broken.norm(dim=1).mean() / (e_small @ w).norm(dim=1).mean()  # rows of the right size
    w.requires_grad_(True)
    b = broken.mean(0).clone().requires_grad_(True)  # the broken rows still have the right mean
    lr = float(s["adapter_lr"])
    optimise(
        torch.optim.Adam([w, b], lr=lr),
        int(s["adapter_steps"]),
        lr,
        stream,
        lambda rows: large.loss(rows[:, :-1], rows[:, 1:], embedding=e_small @ w + b),
    )
    with torch.no_grad():
        large.wte.weight.copy_(e_small @ w + b)
    report("adapter", large, val.to(dev), t0)

    # 2. (standard) train the embedding alone, the rest frozen as pretrained
    large.wte.weight.requires_grad_(True)
    lr = float(s["embedding_lr"])
    steps = int(s["embedding_steps"])
    optimise(torch.optim.Adam([large.wte.weight], lr=lr), steps, lr, stream, lm_loss)
    if steps:
        report("embedding", large, val.to(dev), t0)

    # 3. fine-tune every weight
    every = int(s["eval_every"])
    held_out = val[: 1 << 18].to(dev)
    best = (math.inf, {})
    for p in large.parameters():
        p.requires_grad_(True)

    def keep_best() -> None:
        nonlocal best
        loss_now = gpt.evaluate(large, held_out)
        large.train()
        if loss_now < best[0]:
            best = (loss_now, {k: v.clone() for k, v in large.state_dict().items()})

    lr = float(s["finetune_lr"])
    params = list(large.parameters())
    optimise(
        torch.optim.AdamW(params, lr=lr, weight_decay=0.0),
        int(s["finetune_steps"]),
        lr,
        stream,
        lm_loss,
        clip=params,
        every=every,
        on_eval=keep_best,
    )
    if every:
        final = gpt.evaluate(large, held_out)
        if best[0] < final:
            large.load_state_dict(best[1])
    report("finetune", large, val.to(dev), t0)
    gpt.save(large.cpu(), "model.pt")


if __name__ == "__main__":
    main()
