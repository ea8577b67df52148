"""Stage 2: train the base model for one epoch; evaluate and checkpoint along the way.

python scripts/train.py finetune.toml        (the base model's folder in $BASE_MODEL)

Started by scripts/launch.py as one process per GPU (``RANK``, ``WORLD_SIZE``): with several,
each process takes its share of every batch and the gradients are summed across them, so that
the training is the one-process training up to rounding; the first process evaluates and
writes the checkpoints.
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
import torch.distributed as dist
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


def share(batch: torch.Tensor, rank: int, world: int) -> torch.Tensor:
    """This process's rows of a batch (contiguous; the last processes may get none)."""
    return torch.tensor_split(batch, world)[rank]


def sum_gradients(model: torch.nn.Module) -> None:
    """Each parameter's gradient summed over the processes (a process without rows adds 0)."""
    for p in model.parameters():
        if p.grad is None:
            p.grad = torch.zeros_like(p)
        dist.all_reduce(p.grad)


def main(config: str) -> None:
    world, rank = int(os.environ.get("WORLD_SIZE", "1")), int(os.environ.get("RANK", "0"))
    if world > 1:
        if torch.cuda.is_available():
            torch.cuda.set_device(gpt2.device())  # NCCL's collectives on this process's GPU
        dist.init_process_group("nccl" if torch.cuda.is_available() else "gloo")
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
        opt.zero_grad(set_to_none=True)
        if world == 1:
            loss = model.loss(batch)
            loss.backward()
        else:
            # the batch's mean loss is the sum over processes of each one's rows' mean loss,
            # weighted by its share of the rows (every row has the same length)
            mine = share(batch, rank, world)  # the first process's share is never empty
            if len(mine):
                loss = model.loss(mine) * (len(mine) / len(batch))
                loss.backward()
            sum_gradients(model)
        torch.nn.utils.clip_grad_norm_(model.parameters(), opt_cfg["grad_clip"])
        opt.step()
        last = step + 1 == steps
        if rank != 0:
            continue
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
    if world > 1:
        dist.barrier()  # the first process has written the last checkpoint
        dist.destroy_process_group()
    if rank == 0:
        print(f"trained {steps} steps in {time.monotonic() - started:.1f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
