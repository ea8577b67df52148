"""The starting model: every position on its own, token embedding → MLP → logits.

A masked position sees only the mask token, so this can do no better than the unigram
distribution. Make the forward pass use context, with allowed operations only (see
instructions.md). ``train.py`` reads SCHEDULE and LR from here.
"""

from __future__ import annotations

import torch
from torch import nn

#: data scale → (training steps, batch size); train.py reads it
SCHEDULE = {"lite": (150, 32), "full": (1500, 128)}
LR = 3e-3


class Model(nn.Module):
    def __init__(self, vocab_size: int, width: int = 128) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab_size, width)
        self.mlp = nn.Linear(width, 2 * width)
        self.proj = nn.Linear(2 * width, width)
        self.head = nn.Linear(width, vocab_size)

    def hidden(self, tokens: torch.Tensor) -> torch.Tensor:
        """Features [batch, seq, width] (train.py applies the head at masked positions only)."""
        return self.proj(torch.relu(self.mlp(self.embed(tokens))))

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        return self.head(self.hidden(tokens))


def build_model(vocab_size: int) -> nn.Module:
    return Model(vocab_size)
