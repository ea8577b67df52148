"""The model: GPT-2's architecture with its parameters in Hugging Face's GPT-2 layout.

Linear layers keep their weight as (in, out), as GPT-2's ``Conv1D`` does, so the state dict
is the Hugging Face checkpoint itself (``transformer.*`` names, the output head tied to the
token embedding) and the conversion to a Hugging Face folder is a plain save.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import torch
from torch import nn
from torch.nn import functional as F

WEIGHTS = "pytorch_model.bin"
CONFIG = "config.json"


def device() -> torch.device:
    """Where the model trains: the process's GPU when there is one (``LOCAL_RANK``, set by the
    launcher, for one process a GPU), else the CPU."""
    if not torch.cuda.is_available():
        return torch.device("cpu")
    return torch.device("cuda", int(os.environ.get("LOCAL_RANK", "0")))


def dtype() -> torch.dtype:
    """The training's precision: float64 on the GPU, float32 on the CPU.

    On a GPU, float32 rounding (a fused attention's, say) grows through this training into
    weights as far apart as one optimiser step moves them; in float64 the same rounding moves
    them 10,000x less, so a tolerance can tell the same training from another. The CPU's
    float32 training is deterministic and calibrated as it is.
    """
    return torch.float64 if device().type == "cuda" else torch.float32


class Conv1D(nn.Module):
    """x @ weight + bias, the weight stored (in, out)."""

    def __init__(self, n_in: int, n_out: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.empty(n_in, n_out))
        self.bias = nn.Parameter(torch.zeros(n_out))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.addmm(self.bias, x.reshape(-1, x.shape[-1]), self.weight).view(
            *x.shape[:-1], -1
        )


class Attention(nn.Module):
    def __init__(self, n_embd: int, n_head: int, n_positions: int) -> None:
        super().__init__()
        self.n_head = n_head
        self.c_attn = Conv1D(n_embd, 3 * n_embd)
        self.c_proj = Conv1D(n_embd, n_embd)
        mask = torch.tril(torch.ones(n_positions, n_positions, dtype=torch.bool))
        self.register_buffer("mask", mask.view(1, 1, n_positions, n_positions), persistent=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, c = x.shape
        q, k, v = self.c_attn(x).split(c, dim=2)
        q, k, v = (z.view(b, t, self.n_head, c // self.n_head).transpose(1, 2) for z in (q, k, v))
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.shape[-1]))
        att = att.masked_fill(~self.mask[:, :, :t, :t], float("-inf"))
        att = F.softmax(att, dim=-1)
        y = att @ v
        return self.c_proj(y.transpose(1, 2).reshape(b, t, c))


class MLP(nn.Module):
    def __init__(self, n_embd: int) -> None:
        super().__init__()
        self.c_fc = Conv1D(n_embd, 4 * n_embd)
        self.c_proj = Conv1D(4 * n_embd, n_embd)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.c_proj(F.gelu(self.c_fc(x), approximate="tanh"))


class Block(nn.Module):
    def __init__(self, n_embd: int, n_head: int, n_positions: int, eps: float) -> None:
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd, eps=eps)
        self.attn = Attention(n_embd, n_head, n_positions)
        self.ln_2 = nn.LayerNorm(n_embd, eps=eps)
        self.mlp = MLP(n_embd)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class Transformer(nn.Module):
    def __init__(self, cfg: dict) -> None:
        super().__init__()
        n, eps = cfg["n_embd"], cfg["layer_norm_epsilon"]
        self.wte = nn.Embedding(cfg["vocab_size"], n)
        self.wpe = nn.Embedding(cfg["n_positions"], n)
        self.h = nn.ModuleList(
            Block(n, cfg["n_head"], cfg["n_positions"], eps) for _ in range(cfg["n_layer"])
        )
        self.ln_f = nn.LayerNorm(n, eps=eps)

    def forward(self, idx: torch.Tensor) -> torch.Tensor:
        pos = torch.arange(idx.shape[1], device=idx.device)
        x = self.wte(idx) + self.wpe(pos)
        for block in self.h:
            x = block(x)
        return self.ln_f(x)


class GPT2LMHeadModel(nn.Module):
    """GPT-2 with the output head tied to the token embedding."""

    def __init__(self, cfg: dict) -> None:
        super().__init__()
        self.config = cfg
        self.transformer = Transformer(cfg)

    def forward(self, idx: torch.Tensor) -> torch.Tensor:
        return self.transformer(idx) @ self.transformer.wte.weight.t()

    def loss(self, seq: torch.Tensor) -> torch.Tensor:
        """Mean next-token cross-entropy of ``seq`` (batch, time + 1)."""
        seq = seq.to(self.transformer.wte.weight.device)
        logits = self(seq[:, :-1])
        return F.cross_entropy(logits.flatten(0, 1), seq[:, 1:].flatten())


def load(folder: str | Path) -> GPT2LMHeadModel:
    """The model of a Hugging Face GPT-2 folder (``config.json`` and ``pytorch_model.bin``), on
    ``device()`` in ``dtype()``."""
    folder = Path(folder)
    cfg = json.loads((folder / CONFIG).read_text())
    model = GPT2LMHeadModel(cfg)
    state = torch.load(folder / WEIGHTS, map_location="cpu", weights_only=True)
    state.pop("lm_head.weight", None)  # tied: the token embedding
    model.load_state_dict(state, strict=True)
    return model.to(device(), dtype())


def save(model: GPT2LMHeadModel, folder: str | Path) -> None:
    """Write ``model`` as a Hugging Face GPT-2 folder (float32, whatever it trained in)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / CONFIG).write_text(json.dumps(model.config, indent=2, sort_keys=True) + "\n")
    state = {
        k: v.detach().to("cpu", torch.float32).contiguous().clone()
        for k, v in model.state_dict().items()
    }
    torch.save(state, folder / WEIGHTS)
