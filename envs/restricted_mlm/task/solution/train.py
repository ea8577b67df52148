"""Train model.py's model on the masked-token task and save it as model.mlm.

    python train.py

Deterministic (fixed seeds). Training may use any operation; only the model's forward pass
is restricted.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import model as model_def
import submit
import torch
import torch.nn.functional as F

PARAMS = json.loads(os.environ.get("ENVSPEC_PARAMETERS", "{}"))
DATA = Path(os.environ.get("ENVSPEC_ASSET_MLM_DATA", "/assets/mlm-data"))
SEQ = int(PARAMS.get("seq_len", 128))
SCALE = str(PARAMS.get("data", "lite"))
DEVICE = str(PARAMS.get("device", "cpu"))
MASK_PROB = float(PARAMS.get("mask_prob", 0.15))


def load(split: str) -> torch.Tensor:
    raw = (DATA / SCALE / f"{split}.bin").read_bytes()
    # uint16 little-endian, as on every host this runs on
    return torch.frombuffer(bytearray(raw), dtype=torch.uint16).to(torch.int64)


def masked_batch(
    ids: torch.Tensor, batch: int, mask_id: int, g: torch.Generator
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    starts = torch.randint(0, ids.numel() - SEQ, (batch,), generator=g)
    tokens = torch.stack([ids[s : s + SEQ] for s in starts.tolist()])
    mask = torch.rand(tokens.shape, generator=g) < MASK_PROB
    inputs = tokens.masked_fill(mask, mask_id)
    return inputs.to(DEVICE), mask.to(DEVICE), tokens[mask].to(DEVICE)


def masked_loss(
    model: torch.nn.Module, inputs: torch.Tensor, mask: torch.Tensor, targets: torch.Tensor
) -> torch.Tensor:
    features = model.hidden(inputs)  # type: ignore[operator]
    return F.cross_entropy(model.head(features[mask]), targets)  # type: ignore[operator]


def main() -> None:
    torch.manual_seed(0)
    special = json.loads((DATA / "special_tokens.json").read_text())
    vocab = int(PARAMS.get("vocab_size", 4096))
    mask_id = int(special["<|mask|>"])
    train, valid = load("train"), load("validation")
    model = model_def.build_model(vocab).to(DEVICE)
    opt = torch.optim.AdamW(model.parameters(), lr=model_def.LR, weight_decay=0.01)
    steps, batch = model_def.SCHEDULE[SCALE]
    steps = int(os.environ.get("TRAIN_STEPS", steps))
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=model_def.LR, total_steps=steps)
    g = torch.Generator().manual_seed(1)
    began = time.monotonic()
    for step in range(steps):
        loss = masked_loss(model, *masked_batch(train, batch, mask_id, g))
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 50 == 0 or step == steps - 1:
            print(
                f"step {step} loss {loss.item():.4f} ({time.monotonic() - began:.0f} s)", flush=True
            )
    model.eval()
    with torch.no_grad():
        gv = torch.Generator().manual_seed(2)
        val = (
            sum(float(masked_loss(model, *masked_batch(valid, 64, mask_id, gv))) for _ in range(4))
            / 4
        )
    print(f"validation masked loss {val:.4f}")
    submit.save(model)
    print("saved model.mlm")


if __name__ == "__main__":
    main()
