"""The restricted_mlm scorer: ln(masked-token loss - floor) on the hidden test split.

- The test tokens come from the scorer-only asset; fixed windows and masks (a fixed seed) make
  repeated scoring of one model give one number.
- The model file is loaded without running the agent's code (see model_file.py); its graph
  must use allow-listed operators only, and it runs under the operator-level restriction
  (restrict.py) in a separate process, as an unprivileged user when this runs as root, that
  sees only the masked inputs. The loss is computed here, from the logits it returns.
- A missing or malformed file, a forbidden operator, a crash or a timeout is invalid.

Scorer contract: $ENVSPEC_SOLUTION, $ENVSPEC_PARAMETERS, $ENVSPEC_RESULT; the test split from
$ENVSPEC_ASSET_MLM_TEST.
"""

from __future__ import annotations

import json
import math
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import torch

HERE = Path(__file__).resolve().parent
UNPRIVILEGED = "nobody"
MODEL = "model.mlm"
MAX_FILE_BYTES = 512 << 20


class Invalid(Exception):
    """The solution cannot be scored; the message is for the agent."""


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
    path = solution_dir / MODEL
    if not path.is_file():
        raise Invalid(f"no {MODEL} in your working directory: save your model with submit.py")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise Invalid(f"{MODEL} is larger than {MAX_FILE_BYTES >> 20} MiB")
    masked, positions, targets = eval_batch(params)
    vocab = int(params["vocab_size"])  # type: ignore[call-overload]
    floor = float(params["floor"])  # type: ignore[arg-type]
    workdir = Path(tempfile.mkdtemp(prefix="rmlm-worker-"))
    try:
        for name in ("worker.py", "model_file.py", "restrict.py"):
            shutil.copyfile(HERE / name, workdir / name)
        shutil.copyfile(path, workdir / MODEL)
        torch.save(
            {
                "tokens": masked,
                "positions": positions,
                "vocab_size": vocab,
                "device": str(params.get("device", "cpu")),
                "batch_size": int(params["batch_size"]),  # type: ignore[call-overload]
                "max_parameters": int(params["max_parameters"]),  # type: ignore[call-overload]
            },
            workdir / "inputs.pt",
        )
        kwargs: dict[str, object] = {}
        isolated = os.geteuid() == 0
        if isolated:
            pw = pwd.getpwnam(UNPRIVILEGED)
            for p in [workdir, *workdir.rglob("*")]:
                os.lchown(p, pw.pw_uid, pw.pw_gid)
            kwargs = {"user": pw.pw_uid, "group": pw.pw_gid, "extra_groups": []}
        env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(workdir), "LANG": "C.UTF-8"}
        for key in ("CUDA_VISIBLE_DEVICES", "PYTHONPATH", "LD_LIBRARY_PATH"):
            if key in os.environ:
                env[key] = os.environ[key]
        timeout = float(params.get("worker_timeout_s", 300))  # type: ignore[arg-type]
        argv = [sys.executable, "worker.py", MODEL, "inputs.pt", "."]
        try:
            done = subprocess.run(
                argv,
                cwd=workdir,
                env=env,
                capture_output=True,
                timeout=timeout,
                **kwargs,  # type: ignore[call-overload]
            )
        except subprocess.TimeoutExpired as e:
            raise Invalid(f"evaluating the model took longer than {timeout:g} s") from e
        report_file = workdir / "report.json"
        if not report_file.is_file():
            tail = done.stderr.decode(errors="replace")[-1500:]
            raise Invalid(f"the evaluation crashed (exit code {done.returncode}):\n{tail}")
        report = json.loads(report_file.read_text())
        if not report.get("ok"):
            raise Invalid(str(report.get("error")))
        logits = torch.load(workdir / "logits.pt", weights_only=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    if not isinstance(logits, torch.Tensor) or logits.shape != (targets.numel(), vocab):
        raise Invalid("the evaluation returned logits of the wrong shape")
    if not torch.isfinite(logits).all():
        raise Invalid("the model's logits contain NaN or infinity")
    loss = float(torch.nn.functional.cross_entropy(logits.double(), targets))
    if loss <= floor:
        raise Invalid(f"loss {loss:.4f} is at or below the floor {floor}: this cannot be right")
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
            "worker_isolated": isolated,
            "torch": torch.__version__,
        },
    }


def main() -> None:
    params = json.loads(os.environ.get("ENVSPEC_PARAMETERS", "{}"))
    solution = Path(os.environ["ENVSPEC_SOLUTION"])
    result_file = Path(os.environ["ENVSPEC_RESULT"])
    result_file.unlink(missing_ok=True)
    result_file.touch(mode=0o600, exist_ok=False)  # claimed before any agent data is read
    try:
        result = score(params, solution)
    except Invalid as e:
        result = {"valid": False, "reason": str(e), "message": str(e)}
    result_file.write_text(json.dumps(result))


if __name__ == "__main__":
    main()
