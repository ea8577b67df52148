"""The whole fine-tuning in one process: tokenise (each distinct word encoded once), train one
epoch (fused attention, no data-loader workers, no evaluation, no checkpoints) and save the
Hugging Face folder straight from memory. Same data, order and arithmetic as the starting
pipeline's three stages, whose modules (scripts/model.py, bpe.py, train.py) it uses.

    python scripts/finetune.py finetune.toml DATA BASE_MODEL OUTPUT
"""

from __future__ import annotations

import functools
import json
import math
import shutil
import sys
import tomllib
from pathlib import Path

import model as gpt2
import torch
from bpe import WORDS, Tokenizer
from torch.nn import functional as F
from train import lr_at


def fused_attention(self: gpt2.Attention, x: torch.Tensor) -> torch.Tensor:
    """The model's attention with one fused kernel: the same arithmetic up to rounding."""
    b, t, c = x.shape
    q, k, v = self.c_attn(x).split(c, dim=2)
    q, k, v = (z.view(b, t, self.n_head, c // self.n_head).transpose(1, 2) for z in (q, k, v))
    y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    return self.c_proj(y.transpose(1, 2).reshape(b, t, c))


# the pipeline's model (scripts/model.py), its attention fused
gpt2.Attention.forward = fused_attention  # type: ignore[method-assign]


def sequences(data: str, tokenizer: str, max_seq_len: int) -> torch.Tensor:
    tok = Tokenizer(tokenizer)
    encode = functools.lru_cache(maxsize=None)(tok.encode_word)
    ids: list[int] = []
    with open(data, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                for word in WORDS.findall(json.loads(line)["text"]):
                    ids += encode(word)
                ids.append(tok.end_of_text)
    span = max_seq_len + 1
    n = len(ids) // span
    return torch.tensor(ids[: n * span], dtype=torch.int64).view(n, span)


def train(cfg: dict, seqs: torch.Tensor, model: gpt2.GPT2LMHeadModel) -> None:
    torch.manual_seed(cfg["seed"])
    model.train()
    seqs = seqs.to(model.transformer.wte.weight.device)  # the data on the GPU once
    order = torch.randperm(len(seqs), generator=torch.Generator().manual_seed(cfg["seed"]))
    bs = cfg["data"]["batch_size"]
    opt_cfg = cfg["optimizer"]
    opt = torch.optim.AdamW(
        model.parameters(),
        lr=opt_cfg["lr"],
        betas=tuple(opt_cfg["betas"]),
        eps=opt_cfg["eps"],
        weight_decay=opt_cfg["weight_decay"],
    )
    steps = math.ceil(len(seqs) / bs)
    for step in range(steps):
        for group in opt.param_groups:
            group["lr"] = lr_at(step, steps, opt_cfg)
        loss = model.loss(seqs[order[step * bs : (step + 1) * bs]])
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), opt_cfg["grad_clip"])
        opt.step()


def main(config: str, data: str, base: str, output: str) -> None:
    cfg = tomllib.loads(Path(config).read_text())
    seqs = sequences(data, str(Path(base) / "tokenizer.json"), cfg["max_seq_len"])
    model = gpt2.load(base)
    train(cfg, seqs, model)
    gpt2.save(model, output)
    shutil.copyfile(Path(base) / "tokenizer.json", Path(output) / "tokenizer.json")


if __name__ == "__main__":
    main(*sys.argv[1:5])
