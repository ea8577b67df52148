"""A small GPT (decoder-only transformer with tied embeddings), its file format and a loss.

This file is self-contained (it imports only torch): the language-model builder copies it into
every model asset as ``model.py``, so the agent, the scorer and the builder run the same code.

File format (``model.pt``, written by :func:`save`, read by :func:`load`)::

    {"format": "envspec-gpt-v1", "config": {...GPTConfig fields...}, "state_dict": {...}}

The output head is the token embedding (``wte.weight``) itself, so the state dict holds the
embedding once.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import torch
from torch import nn
from torch.nn import functional as F

FORMAT = "envspec-gpt-v1"


@dataclass(frozen=True)
class GPTConfig:
    """Shape of a GPT: vocabulary, context length, depth, heads and width."""

    vocab_size: int
    block_size: int
    n_layer: int
    n_head: int
    n_embd: int

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GPTConfig:
        """The config from a dict holding exactly its fields, as ints."""
        names = {f.name for f in fields(cls)}
        if set(data) != names or not all(type(data[n]) is int for n in names):
            raise ValueError(f"a GPT config has exactly the integer fields {sorted(names)}")
        return cls(**data)

    def to_dict(self) -> dict[str, int]:
        """Plain-dict form (for JSON and the model file)."""
        return asdict(self)


class SelfAttention(nn.Module):
    """Causal multi-head self-attention."""

    def __init__(self, cfg: GPTConfig) -> None:
        super().__init__()
        if cfg.n_embd % cfg.n_head:
            raise ValueError("n_embd must be a multiple of n_head")
        self.n_head = cfg.n_head
        self.qkv = nn.Linear(cfg.n_embd, 3 * cfg.n_embd)
        self.proj = nn.Linear(cfg.n_embd, cfg.n_embd)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, c = x.shape
        q, k, v = self.qkv(x).split(c, dim=2)
        q, k, v = (z.view(b, t, self.n_head, c // self.n_head).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        out: torch.Tensor = self.proj(y.transpose(1, 2).reshape(b, t, c))
        return out


class Block(nn.Module):
    """Pre-norm transformer block: attention, then a 4x GELU MLP, each residual."""

    def __init__(self, cfg: GPTConfig) -> None:
        super().__init__()
        self.ln1 = nn.LayerNorm(cfg.n_embd)
        self.attn = SelfAttention(cfg)
        self.ln2 = nn.LayerNorm(cfg.n_embd)
        self.fc = nn.Linear(cfg.n_embd, 4 * cfg.n_embd)
        self.out = nn.Linear(4 * cfg.n_embd, cfg.n_embd)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.ln1(x))
        mlp: torch.Tensor = self.out(F.gelu(self.fc(self.ln2(x))))
        return x + mlp


class GPT(nn.Module):
    """Token and position embeddings, ``n_layer`` blocks, a final norm, the tied head."""

    def __init__(self, cfg: GPTConfig) -> None:
        super().__init__()
        self.config = cfg
        self.wte = nn.Embedding(cfg.vocab_size, cfg.n_embd)
        self.wpe = nn.Embedding(cfg.block_size, cfg.n_embd)
        self.blocks = nn.ModuleList(Block(cfg) for _ in range(cfg.n_layer))
        self.ln_f = nn.LayerNorm(cfg.n_embd)
        self.apply(self._init)
        # residual projections scaled down with depth (GPT-2's initialisation)
        for name, p in self.named_parameters():
            if name.endswith(("attn.proj.weight", "out.weight")):
                nn.init.normal_(p, 0.0, 0.02 / math.sqrt(2 * cfg.n_layer))

    @staticmethod
    def _init(module: nn.Module) -> None:
        if isinstance(module, nn.Linear):
            nn.init.normal_(module.weight, 0.0, 0.02)
            if module.bias is not None:
                nn.init.zeros_(module.bias)
        elif isinstance(module, nn.Embedding):
            nn.init.normal_(module.weight, 0.0, 0.02)

    def hidden(self, idx: torch.Tensor, embedding: torch.Tensor | None = None) -> torch.Tensor:
        """Final-norm hidden states for token ids ``idx`` (batch, time); ``embedding`` replaces
        ``wte.weight`` for the input lookup when given."""
        table = self.wte.weight if embedding is None else embedding
        pos = torch.arange(idx.shape[1], device=idx.device)
        x = F.embedding(idx, table) + self.wpe(pos)
        for block in self.blocks:
            x = block(x)
        out: torch.Tensor = self.ln_f(x)
        return out

    def forward(self, idx: torch.Tensor, embedding: torch.Tensor | None = None) -> torch.Tensor:
        """Next-token logits (batch, time, vocab); the head is the (given) embedding."""
        table = self.wte.weight if embedding is None else embedding
        return self.hidden(idx, table) @ table.t()

    def loss(
        self, idx: torch.Tensor, targets: torch.Tensor, embedding: torch.Tensor | None = None
    ) -> torch.Tensor:
        """Mean next-token cross-entropy (nats)."""
        logits = self(idx, embedding)
        return F.cross_entropy(logits.flatten(0, 1), targets.flatten())


def save(model: GPT, path: str | Path) -> None:
    """Write ``model`` in the envspec-gpt-v1 format (contiguous float tensors, no sharing)."""
    state = {k: v.detach().contiguous().clone() for k, v in model.state_dict().items()}
    torch.save({"format": FORMAT, "config": model.config.to_dict(), "state_dict": state}, path)


def load(path: str | Path, map_location: str = "cpu") -> GPT:
    """Read a model written by :func:`save` (weights only: no code in the file runs)."""
    data = torch.load(path, map_location=map_location, weights_only=True)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not an {FORMAT} file (a dict with format, config and state_dict)")
    model = GPT(GPTConfig.from_dict(data["config"]))
    model.load_state_dict(data["state_dict"], strict=True)
    return model.to(map_location)


@torch.no_grad()
def evaluate(model: GPT, tokens: torch.Tensor, *, batch_size: int = 16) -> float:
    """Mean next-token cross-entropy over ``tokens`` (1-D int64) cut into consecutive,
    non-overlapping windows of ``block_size + 1`` (the remainder is dropped), in fixed order."""
    model.eval()
    span = model.config.block_size + 1
    n = (tokens.numel() - 1) // model.config.block_size
    if n < 1:
        raise ValueError("too few tokens for one window")
    starts = torch.arange(n) * model.config.block_size
    total = 0.0
    count = 0
    device = next(model.parameters()).device
    for i in range(0, n, batch_size):
        rows = torch.stack([tokens[s : s + span] for s in starts[i : i + batch_size].tolist()])
        rows = rows.to(device)
        logits = model(rows[:, :-1])
        loss = F.cross_entropy(logits.flatten(0, 1).float(), rows[:, 1:].flatten(), reduction="sum")
        total += float(loss)
        count += rows[:, 1:].numel()
    return total / count
