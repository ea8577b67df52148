"""Runs the submitted model, as an unprivileged user, on the masked inputs only.

    python worker.py MODEL INPUTS OUT_DIR

It never sees the hidden tokens: INPUTS holds the masked sequences and the masked positions.
It checks the exported graph (every operator allow-listed), then runs the forward pass under
the operator-level restriction and writes the logits at the masked positions to
``OUT_DIR/logits.pt`` and a report (or the reason for refusing) to ``OUT_DIR/report.json``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
import model_file
import restrict


def main(model_path: Path, inputs_path: Path, out: Path) -> dict[str, object]:
    data = torch.load(inputs_path, weights_only=True)
    tokens, positions = data["tokens"], data["positions"]  # [N, T], [M, 2] (sequence, index)
    vocab, max_params = int(data["vocab_size"]), int(data["max_parameters"])
    batch = int(data["batch_size"])
    device = str(data.get("device", "cpu"))
    program = model_file.load(model_path)
    used = restrict.check_program(program)
    module = program.module().to(device)
    # each parameter and buffer gets a storage of its own elements: torch.save keeps the whole
    # storage behind a view, and as_strided reads all of it, so a 1-element parameter could
    # carry millions of weights past the count (an attacker's review, 2026-12-06)
    for tensor in [*module.parameters(), *module.buffers()]:
        tensor.data = tensor.data.clone(memory_format=torch.contiguous_format)
    n_params = sum(p.numel() for p in module.parameters())
    n_weights = n_params + sum(b.numel() for b in module.buffers())
    if n_weights > max_params:
        raise restrict.Forbidden(
            f"the model has {n_weights:,} weights; this variant allows {max_params:,}"
        )
    picked = []
    with torch.no_grad():
        for start in range(0, tokens.shape[0], batch):
            chunk = tokens[start : start + batch].to(device)
            logits, ops = restrict.restricted_forward(module, chunk)
            used |= ops
            if logits.shape != (chunk.shape[0], chunk.shape[1], vocab):
                raise restrict.Forbidden(
                    f"the model returned logits of shape {tuple(logits.shape)}; expected "
                    f"{(chunk.shape[0], chunk.shape[1], vocab)}"
                )
            mine = positions[(positions[:, 0] >= start) & (positions[:, 0] < start + batch)]
            picked.append(logits[mine[:, 0] - start, mine[:, 1]].float().cpu())
    torch.save(torch.cat(picked), out / "logits.pt")
    return {"ok": True, "parameters": n_weights, "operators": sorted(used)}


if __name__ == "__main__":
    out_dir = Path(sys.argv[3])
    try:
        report = main(Path(sys.argv[1]), Path(sys.argv[2]), out_dir)
    except (restrict.Forbidden, model_file.BadModelFile) as e:
        report = {"ok": False, "error": str(e)}
    except Exception as e:
        report = {"ok": False, "error": f"the model failed: {type(e).__name__}: {e}"}
    (out_dir / "report.json").write_text(json.dumps(report))
