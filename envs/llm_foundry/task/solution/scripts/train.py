"""Stage 2: train the base model for one epoch; evaluate and checkpoint along the way.

python scripts/train.py finetune.toml        (the base model's folder in $BASE_MODEL)
"""

from __future__ import annotations

import math
import os
import sys
import time
import tomllib
from pathlib import Path

import model as gpt2
import torch
from torch.utils.data import DataLoader, Dataset


class Sequences(Dataset):
    def __init__(self, folder: str) -> None:
        self.seqs = torch.load(Path(folder) / "sequences.pt")

    def __len__(self) -> int:
        return len(self.seqs)

    def __getitem__(self, i: int) -> torch.Tensor:
        return self.seqs[i]


def lr_at(step: int, steps: int, opt: dict) -> float:
    """Linear warm-up, then cosine decay to final_lr_fraction of the peak."""
    peak, warmup = opt["lr"], opt["warmup_steps"]
    if step < warmup:
        return peak * (step + 1) / warmup
    progress = (step - warmup) / max(1, steps - warmup)
    floor = opt["final_lr_fraction"]
    return peak * (floor + (1 - floor) * 0.5 * (1 + math.cos(math.pi * progress)))


@torch.no_grad()
def evaluate(model: gpt2.GPT2LMHeadModel, data: Sequences, batch_size: int) -> float:
    model.eval()
    total, n = 0.0, 0
    for batch in DataLoader(data, batch_size=batch_size):
        total += float(model.loss(batch)) * len(batch)
        n += len(batch)
    model.train()
    return total / n


def main(config: str) -> None:
    cfg = tomllib.loads(Path(config).read_text())
    torch.manual_seed(cfg["seed"])
    model = gpt2.load(os.environ["BASE_MODEL"])
    model.train()
    train, valid = Sequences(cfg["data"]["train"]), Sequences(cfg["data"]["valid"])
    order = torch.randperm(len(train), generator=torch.Generator().manual_seed(cfg["seed"]))
    loader = DataLoader(
        train,
        batch_size=cfg["data"]["batch_size"],
        sampler=order.tolist(),
        num_workers=cfg["data"]["num_workers"],
    )
    opt_cfg = cfg["optimizer"]
    opt = torch.optim.AdamW(
        model.parameters(),
        lr=opt_cfg["lr"],
        betas=tuple(opt_cfg["betas"]),
        eps=opt_cfg["eps"],
        weight_decay=opt_cfg["weight_decay"],
    )
    steps = len(loader)
    ckpt = Path(cfg["checkpoints"]["folder"])
    ckpt.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    for step, batch in enumerate(loader):
        for group in opt.param_groups:
            group["lr"] = lr_at(step, steps, opt_cfg)
        loss = model.loss(batch)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), opt_cfg["grad_clip"])
        opt.step()
        last = step + 1 == steps
        if (step + 1) % cfg["evaluation"]["interval"] == 0 or last:
            val = evaluate(model, valid, cfg["evaluation"]["batch_size"])
            print(
                f"step {step + 1}/{steps} train {float(loss):.4f} valid {val:.4f} "
                f"({time.monotonic() - started:.1f} s)",
                flush=True,
            )
        if (step + 1) % cfg["checkpoints"]["interval"] == 0 or last:
            state = {"step": step + 1, "model": model.state_dict(), "optimizer": opt.state_dict()}
            torch.save(state, ckpt / f"ba{step + 1}.pt")
            torch.save(state, ckpt / "latest.pt")
    print(f"trained {steps} steps in {time.monotonic() - started:.1f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
