"""The reference: a residual 1-D convolutional network built from allowed operations only
(windows by ``unfold``, mixing by linear maps, ``relu``, residual adds, constant scaling), as
the original task's reference. ``train.py`` (the starting one) trains it."""

from __future__ import annotations

import torch
from torch import nn
from torch.nn import functional as F

#: data scale → (training steps, batch size); train.py reads it
SCHEDULE = {"lite": (200, 32), "full": (6000, 128)}
LR = 3e-3


class ConvBlock(nn.Module):
    """x + W2 relu(W1 window(x)), the window centred on each position."""

    def __init__(self, width: int, kernel: int, dilation: int) -> None:
        super().__init__()
        self.kernel, self.dilation = kernel, dilation
        self.mix = nn.Linear(width * kernel, 2 * width)
        self.out = nn.Linear(2 * width, width)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        reach = self.dilation * (self.kernel // 2)
        padded = F.pad(x, (0, 0, reach, reach))  # [B, T + 2r, D]
        span = self.dilation * (self.kernel - 1) + 1
        windows = padded.unfold(1, span, 1)[..., :: self.dilation]  # [B, T, D, k]
        flat = windows.reshape(x.shape[0], x.shape[1], -1)
        return x + self.out(torch.relu(self.mix(flat))) * 0.5


class Model(nn.Module):
    def __init__(self, vocab_size: int, width: int = 128) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab_size, width)
        self.blocks = nn.ModuleList(ConvBlock(width, 5, d) for d in (1, 2, 4, 1))
        self.head = nn.Linear(width, vocab_size)

    def hidden(self, tokens: torch.Tensor) -> torch.Tensor:
        h = self.embed(tokens)
        for block in self.blocks:
            h = block(h)
        return h

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        return self.head(self.hidden(tokens))


def build_model(vocab_size: int) -> nn.Module:
    return Model(vocab_size)
