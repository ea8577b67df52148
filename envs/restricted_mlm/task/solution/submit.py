"""Save a model in the form the scorer reads: ``python -c`` or ``import submit`` then
``submit.save(model, "model.mlm", batch_size, seq_len)``.

The model is exported with ``torch.export`` for a fixed input shape (the scorer's batch
size and sequence length, from $ENVSPEC_PARAMETERS), so the scorer can check every operator of
its forward pass and run it without running your Python code.
"""

from __future__ import annotations

import io
import json
import os

import torch
from torch._export.serde.serialize import serialize


def scorer_shape() -> tuple[int, int]:
    """(batch size, sequence length) the scorer calls the model with."""
    params = json.loads(os.environ.get("ENVSPEC_PARAMETERS", "{}"))
    return int(params.get("batch_size", 16)), int(params.get("seq_len", 128))


def save(model: torch.nn.Module, path: str = "model.mlm") -> None:
    """Export ``model`` (tokens [batch, seq] int64 → logits [batch, seq, vocab]) to ``path``."""
    batch, seq = scorer_shape()
    device = next(model.parameters()).device
    example = torch.zeros(batch, seq, dtype=torch.long, device=device)
    program = torch.export.export(model.eval(), (example,))
    art = serialize(program)

    def as_bytes(value: object) -> bytes:
        if isinstance(value, bytes):
            return value
        buf = io.BytesIO()
        torch.save(value, buf)
        return buf.getvalue()

    blob = {
        "program": art.exported_program,
        "state_dict": as_bytes(art.state_dict),
        "constants": as_bytes(art.constants),
        "example_inputs": as_bytes(art.example_inputs),
    }
    tmp = path + ".tmp"
    torch.save(blob, tmp)
    os.replace(tmp, path)
