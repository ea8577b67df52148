"""The restricted_mlm scorer: ln(masked-token loss - floor) on the hidden test split.

- The test tokens come from the scorer-only asset; fixed windows and masks (a fixed seed) make
  repeated scoring of one model give one number.
- The model file is loaded without running the agent's code (see model_file.py); its graph
  must use allow-listed operators only, and it runs under the operator-level restriction
  (restrict.py) in a separate process in the scorer kit's sandbox (a uid of its own, a private
  folder, limits, no network), that sees only the masked inputs. The loss is computed here,
  from the logits it returns.
- A missing or malformed file, a forbidden operator, a crash or a timeout is invalid.

Scorer contract: $ENVSPEC_SOLUTION, $ENVSPEC_PARAMETERS, $ENVSPEC_RESULT; the test split from
$ENVSPEC_ASSET_MLM_TEST.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import sys
import tempfile
from pathlib import Path

import model_file  # beside this script, which Python puts first on its path
import scorer_kit as kit
import torch

HERE = Path(__file__).resolve().parent
MODEL = "model.mlm"
MAX_FILE_BYTES = 512 << 20


def asset(name: str, default: str) -> Path:
    return Path(os.environ.get(f"ENVSPEC_ASSET_{name}", default))


def eval_batch(params: dict[str, object]) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """The masked inputs, the masked positions [M, 2] and their true tokens: deterministic."""
    scale = str(params.get("data", "lite"))
    seq = int(params["seq_len"])  # type: ignore[call-overload]
    n = int(params["eval_sequences"])  # type: ignore[call-overload]
    info = json.loads((asset("MLM_DATA", "/assets/mlm-data") / "special_tokens.json").read_text())
    raw = (asset("MLM_TEST", "/assets/mlm-test") / scale / "test.bin").read_bytes()
    # uint16 little-endian, as on every host this runs on
    ids = torch.frombuffer(bytearray(raw), dtype=torch.uint16).to(torch.int64)
    if ids.numel() < n * seq:
        raise RuntimeError(f"the test split has {ids.numel()} tokens; {n}x{seq} needed")
    stride = ids.numel() // n  # windows spread over the whole split
    tokens = torch.stack([ids[i * stride : i * stride + seq] for i in range(n)])
    g = torch.Generator().manual_seed(int(params["mask_seed"]))  # type: ignore[call-overload]
    mask = torch.rand(n, seq, generator=g) < float(params["mask_prob"])  # type: ignore[arg-type]
    mask[:, 0] |= ~mask.any(dim=1)  # every sequence has at least one masked token
    positions = mask.nonzero()
    targets = tokens[mask]
    masked = tokens.clone()
    masked[mask] = int(info["<|mask|>"])
    return masked, positions, targets


def score(params: dict[str, object], solution_dir: Path) -> dict[str, object]:
    masked, positions, targets = eval_batch(params)
    vocab = int(params["vocab_size"])  # type: ignore[call-overload]
    floor = float(params["floor"])  # type: ignore[arg-type]
    timeout = float(params.get("worker_timeout_s", 300))  # type: ignore[arg-type]
    limits = kit.Limits(cpu_seconds=int(timeout * 4), processes=256)
    with kit.Sandbox(limits, label="restricted-mlm") as box:
        try:
            kit.copy_file(solution_dir, MODEL, box.root / MODEL, max_bytes=MAX_FILE_BYTES)
        except kit.Invalid as e:
            if "no " in str(e):
                raise kit.Invalid(
                    f"no {MODEL} in your working directory: save your model with submit.py"
                ) from None
            raise
        # nothing may unpack past its size: the file, read here, nor the archives inside it,
        # read by a worker with no memory limit
        kit.check_torch_archive(box.root / MODEL, MODEL)
        try:  # refused here too, whatever becomes of the worker: nothing to deserialize
            blob, _ = model_file.read(box.root / MODEL)
        except model_file.BadModelFile as e:
            raise kit.Invalid(str(e)) from None
        for key in model_file.TENSOR_KEYS:
            if blob[key]:
                kit.check_torch_archive(blob[key], f"{MODEL}'s {key}")
        for name in ("worker.py", "model_file.py", "restrict.py"):
            shutil.copyfile(HERE / name, box.root / name)
        torch.save(
            {
                "tokens": masked,
                "positions": positions,
                "vocab_size": vocab,
                "device": str(params.get("device", "cpu")),
                "batch_size": int(params["batch_size"]),  # type: ignore[call-overload]
                "max_parameters": int(params["max_parameters"]),  # type: ignore[call-overload]
            },
            box.root / "inputs.pt",
        )
        for name in ("worker.py", "model_file.py", "restrict.py", MODEL, "inputs.pt"):
            box.give(box.root / name, writable=False)
        # the worker writes its report and logits into its own folder (box.root)
        done = box.run([sys.executable, "worker.py", MODEL, "inputs.pt", "."], timeout=timeout)
        box.kill()  # nothing of the worker's outlives it to rewrite what it left
        if done.timed_out:
            raise kit.Invalid(f"evaluating the model took longer than {timeout:g} s")
        report_file = box.root / "report.json"
        if not report_file.is_file() or report_file.is_symlink():
            tail = done.output.decode(errors="replace")[-1500:]
            raise kit.Invalid(f"the evaluation crashed (exit code {done.exit_code}):\n{tail}")
        report = json.loads(report_file.read_text())
        if not report.get("ok"):
            raise kit.Invalid(str(report.get("error")))
        # copied without following links into a folder of the scorer's own, then read
        size = targets.numel() * vocab * 4 + (1 << 20)
        with tempfile.TemporaryDirectory() as mine:
            kit.copy_file(box.root, "logits.pt", Path(mine) / "logits.pt", max_bytes=size)
            logits = torch.load(Path(mine) / "logits.pt", weights_only=True)
    if not isinstance(logits, torch.Tensor) or logits.shape != (targets.numel(), vocab):
        raise kit.Invalid("the evaluation returned logits of the wrong shape")
    if not torch.isfinite(logits).all():
        raise kit.Invalid("the model's logits contain NaN or infinity")
    # to a thousandth: the exact loss of logits built to probe would say which tokens are
    # hidden, about 50 bits a scoring (an attacker's review, 2026-12-06); with this and the
    # scorer-call caps, about a thousand bits a run
    loss = round(float(torch.nn.functional.cross_entropy(logits.double(), targets)), 3)
    if loss <= floor:
        raise kit.Invalid(f"loss {loss:.4f} is at or below the floor {floor}: this cannot be right")
    value = math.log(loss - floor)
    return {
        "valid": True,
        "score": value,
        "message": f"masked-token loss {loss:.4f} on {targets.numel()} masked tokens; "
        f"score ln(loss - {floor:g}) = {value:.4f} (lower is better)",
        "details": {
            "loss": loss,
            "masked_tokens": targets.numel(),
            "parameters": report.get("parameters"),
            "operators": report.get("operators"),
            "worker_isolated": box.isolated,
            "torch": torch.__version__,
        },
    }


if __name__ == "__main__":
    kit.run_scorer(score)
