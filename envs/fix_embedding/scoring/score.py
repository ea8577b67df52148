"""The fix_embedding scorer: ln(loss on the hidden split - floor), or invalid.

The submission is a file of weights, never code: it is copied without following links and read
with torch's weights-only loader in a separate worker process (``worker.py``) in the scorer
kit's sandbox (a uid of its own for this scoring, a private folder where the hidden split is
copied for it, limits, no network), under a memory limit (CPU) and a timeout, with the CPU code
paths, threads and algorithms pinned so that one file always gives one loss. The worker checks
the architecture exactly against the corrupted model the agent was given; a crash, running out
of memory, a timeout or any mismatch is an invalid score with a message.

Scorer contract: $ENVSPEC_SOLUTION, $ENVSPEC_PARAMETERS, $ENVSPEC_RESULT, and the assets'
folders in $ENVSPEC_ASSET_CORRUPTED (the model the agent was given), $ENVSPEC_ASSET_LARGE (the
uncorrupted model) and $ENVSPEC_ASSET_TEST (the hidden split); the last two are root-only.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import scorer_kit as kit
import torch

HERE = Path(__file__).resolve().parent
CORRUPTED = Path(os.environ.get("ENVSPEC_ASSET_CORRUPTED", "/assets/corrupted"))
LARGE = Path(os.environ.get("ENVSPEC_ASSET_LARGE", "/assets/large"))
TEST = Path(os.environ.get("ENVSPEC_ASSET_TEST", "/assets/test"))
SOLUTION_FILE = "model.pt"
#: loss - floor below this counts as this (the log would run off to minus infinity)
MIN_GAP = 1e-3
#: the same pins as the asset builder (envspec.assets.lm.DETERMINISTIC_ENV)
DETERMINISTIC_ENV = {
    "MKL_CBWR": "AVX2",
    "ATEN_CPU_CAPABILITY": "avx2",
    "ONEDNN_MAX_CPU_ISA": "AVX2",
    "CUBLAS_WORKSPACE_CONFIG": ":4096:8",
    "PYTHONHASHSEED": "0",
}


def expected_architecture() -> dict[str, object]:
    """Format, config and ``name -> [shape, dtype]`` of the model the agent was given."""
    data = torch.load(CORRUPTED / "model.pt", map_location="cpu", weights_only=True)
    return {
        "format": data["format"],
        "config": data["config"],
        "parameters": {
            name: [list(t.shape), str(t.dtype)] for name, t in data["state_dict"].items()
        },
    }


def run_worker(box: kit.Sandbox, params: dict[str, object]) -> dict[str, object]:
    """Evaluate ``box.root/model.pt`` in the sandbox; the worker's JSON answer."""
    device = str(params.get("device", "cpu"))
    threads = str(params.get("threads", 2))
    timeout = float(params.get("eval_timeout_s", 600))  # type: ignore[arg-type]
    env = box.env({"OMP_NUM_THREADS": threads, "MKL_NUM_THREADS": threads, **DETERMINISTIC_ENV})
    argv = [sys.executable, "worker.py", "model.pt", "expected.json", "test.bin", device, threads]
    argv += [str(params.get("batch_size", 16))]
    with (box.root / "worker.log").open("w+b") as err:
        proc = box.popen(argv, env=env, stdout=subprocess.PIPE, stderr=err)
        try:
            out, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            box.kill()
            proc.wait()
            raise kit.Invalid(f"the evaluation did not finish within {timeout:g} s") from None
        lines = out.decode(errors="replace").strip().splitlines()
        if proc.returncode != 0 or not lines:
            box.kill()  # nothing of the worker's writes on while its log is read
            if proc.returncode == -signal.SIGKILL:
                reason = "it was killed (out of memory?)"
            elif proc.returncode < 0:
                reason = f"killed by {signal.Signals(-proc.returncode).name}"
            else:
                reason = f"exit code {proc.returncode}"
            tail = kit.log_tail(err)
            raise kit.Invalid(f"the evaluation crashed ({reason}): {tail[-800:]}")
    answer = dict(json.loads(lines[-1]))
    if not answer.get("ok"):
        raise kit.Invalid(str(answer.get("error")))
    return answer


def rows_recovered(model_pt: Path) -> int | None:
    """How many embedding rows equal the uncorrupted model's exactly (operators only)."""
    try:
        mine = torch.load(model_pt, map_location="cpu", weights_only=True)["state_dict"]
        orig = torch.load(LARGE / "model.pt", map_location="cpu", weights_only=True)
        return int((mine["wte.weight"] == orig["state_dict"]["wte.weight"]).all(dim=1).sum())
    except Exception:
        return None


def score(params: dict[str, object], solution_dir: Path) -> dict[str, object]:
    floor = float(params["floor"])  # type: ignore[arg-type]
    device = str(params.get("device", "cpu"))
    memory_gb = float(params.get("worker_memory_gb", 0))  # type: ignore[arg-type]
    # an address-space limit gives MemoryError instead of the OOM killer (CPU only: CUDA
    # reserves far more address space than it uses)
    memory = int(memory_gb * (1 << 30)) if memory_gb > 0 and device == "cpu" else None
    timeout = float(params.get("eval_timeout_s", 600))  # type: ignore[arg-type]
    limits = kit.Limits(cpu_seconds=int(timeout * 4), memory_bytes=memory, processes=256)
    started = time.monotonic()
    expected_size = (CORRUPTED / "model.pt").stat().st_size
    with kit.Sandbox(limits, label="fix-embedding") as box:
        kit.copy_file(
            solution_dir,
            SOLUTION_FILE,
            box.root / "model.pt",
            max_bytes=2 * expected_size + (1 << 20),
        )
        # read in this process too (rows_recovered), and by a worker with no memory limit on a
        # GPU: nothing may unpack past the file's size
        kit.check_torch_archive(box.root / "model.pt", SOLUTION_FILE)
        shutil.copyfile(TEST / "test.bin", box.root / "test.bin")
        shutil.copyfile(HERE / "worker.py", box.root / "worker.py")
        shutil.copyfile(CORRUPTED / "model.py", box.root / "model.py")
        (box.root / "expected.json").write_text(json.dumps(expected_architecture()))
        # the worker may read, not change, what it is given
        for name in ("model.pt", "test.bin", "worker.py", "model.py", "expected.json"):
            box.give(box.root / name, writable=False)
        answer = run_worker(box, params)
        recovered = rows_recovered(box.root / "model.pt")
    loss = float(answer["loss"])  # type: ignore[arg-type]
    gap = loss - floor
    capped = gap < MIN_GAP
    value = math.log(max(gap, MIN_GAP))
    message = f"loss {loss:.4f} on the hidden split; score ln(loss - {floor:g}) = {value:.4f}"
    if capped:
        message += f" (loss - floor capped at {MIN_GAP:g})"
    metrics = json.loads((LARGE / "metrics.json").read_text())
    return {
        "valid": True,
        "score": value,
        "message": message + "; lower is better",
        "details": {
            "loss": loss,
            "floor": floor,
            "tokens": answer["tokens"],
            "uncorrupted_loss": metrics["losses"]["test"],
            "embedding_rows_recovered": recovered,
            "device": device,
            "torch": torch.__version__,
            "worker_isolated": box.isolated,
            "eval_seconds": round(time.monotonic() - started, 2),
        },
    }


if __name__ == "__main__":
    kit.run_scorer(score)
