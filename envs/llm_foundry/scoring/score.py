"""The llm_foundry scorer: ln(seconds) that the agent's ``finetune.sh`` takes, valid only when
the weights it writes are those the reference training gives on the same data.

Each scoring draws a fresh data set (rows of the scorer-only pool, by a seed from the
operating system's randomness), so no weights can be computed before the scoring. The agent's
script runs in the scorer kit's sandbox (a uid of its own, a private folder, limits, no
network) with the data, the base model and its own files; the clock runs from its start to the
exit of the last process of that uid (one that is still alive a moment after the script has
exited makes the run invalid). Nothing the script prints reaches the agent. Then, outside the
sandbox, the reference pipeline (``reference/``, the environment's own code) trains on the same
data, and the sum over tensors of the L2 norm of the difference, as in the original, decides
validity.

Scorer contract: $ENVSPEC_SOLUTION, $ENVSPEC_PARAMETERS, $ENVSPEC_RESULT; the base model in
$ENVSPEC_ASSET_BASE, the data pool in $ENVSPEC_ASSET_POOL (root-only).
"""

from __future__ import annotations

import json
import math
import os
import random
import secrets
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import scorer_kit as kit
import torch

HERE = Path(__file__).resolve().parent
REFERENCE = HERE / "reference"
BASE = Path(os.environ.get("ENVSPEC_ASSET_BASE", "/assets/base"))
POOL = Path(os.environ.get("ENVSPEC_ASSET_POOL", "/assets/pool"))
WEIGHTS, CONFIG = "pytorch_model.bin", "config.json"
SOLUTION_MAX_BYTES = 256 << 20
OUTPUT_MAX_BYTES = 256 << 20
#: how long the script's last process may take to go after the script itself has exited
EXIT_GRACE_S = 1.0
#: what tells CUDA which GPUs are the run's (the kit passes the same to the sandbox)
GPU_VARIABLES = ("CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES", "LD_LIBRARY_PATH")


def draw_rows(count: int) -> str:
    """``count`` rows of the pool, chosen and ordered by a fresh secret seed, as JSON lines."""
    lines = [ln for ln in (POOL / "rows.jsonl").read_text(encoding="utf-8").splitlines() if ln]
    if count > len(lines):
        raise RuntimeError(f"the pool holds {len(lines)} rows, fewer than {count}")
    return "\n".join(random.Random(secrets.randbits(128)).sample(lines, count)) + "\n"


def run_script(box: kit.Sandbox, workdir: Path, env: dict[str, str], timeout: float) -> float:
    """Run ``bash finetune.sh`` in ``workdir``; seconds on the scorer's clock from its start to
    the exit of the last process of the sandbox's uid. Its output goes nowhere (it could print
    the hidden data).

    Raises:
        kit.Invalid: past ``timeout``; a non-zero exit; a process that outlives the script by
            more than EXIT_GRACE_S.
    """
    started = time.monotonic()
    proc = box.popen(
        ["bash", "finetune.sh"],
        cwd=workdir,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        code = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        box.kill()
        raise kit.Invalid(f"finetune.sh did not finish within {timeout:g} s") from None
    exited = time.monotonic()
    while box.isolated and kit.processes_of(box.uid):
        if time.monotonic() - exited > EXIT_GRACE_S:
            box.kill()
            raise kit.Invalid(
                "a process finetune.sh started was still running after the script had exited: "
                "everything it starts must end before it does"
            )
        time.sleep(0.005)
    seconds = time.monotonic() - started
    box.kill()  # nothing of the agent's runs while its output is read
    if code != 0:
        # not even the code: it is a byte the script could compute from the hidden data
        raise kit.Invalid(
            "finetune.sh exited with an error (run it yourself to see why; what it writes must "
            "fit on the run's disk, the variant's storage_gb)"
        )
    return seconds


def read_weights(folder: Path, expected: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
    """The weights of a Hugging Face folder, exactly the reference's names, shapes and dtypes.

    Raises:
        kit.Invalid: a missing or unreadable file, another architecture, other tensors.
    """
    # fixed messages: an error's own text (a file name inside an archive, say) is the agent's
    # to choose, and could carry the hidden data out
    try:
        config = json.loads((folder / CONFIG).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise kit.Invalid(f"{CONFIG} in the output is missing or not JSON") from None
    try:
        state = torch.load(folder / WEIGHTS, map_location="cpu", weights_only=True)
    except Exception:  # any unreadable output is the agent's
        raise kit.Invalid(
            f"{WEIGHTS} in the output is missing or not a file torch.load(weights_only=True) reads"
        ) from None
    if config != json.loads((BASE / "model" / CONFIG).read_text()):
        raise kit.Invalid(f"{CONFIG} in the output is not the base model's")
    if not isinstance(state, dict) or set(state) != set(expected):
        raise kit.Invalid(f"{WEIGHTS} must hold exactly the base model's tensors")
    for name, ref in expected.items():
        got = state[name]
        if not isinstance(got, torch.Tensor) or got.shape != ref.shape or got.dtype != ref.dtype:
            raise kit.Invalid(f"{name}: expected {ref.dtype} of shape {list(ref.shape)}")
        if not torch.isfinite(got).all():
            raise kit.Invalid(f"{name} holds non-finite values")
    return state


def reference_weights(data: Path, out: Path, threads: int) -> tuple[dict[str, torch.Tensor], float]:
    """The reference pipeline's weights for ``data``, trained by the scorer; and its seconds."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(out.parent)}
    env |= {k: str(threads) for k in kit.THREAD_VARIABLES}
    # the run's GPUs (standard), as the agent's script had them
    env |= {k: os.environ[k] for k in GPU_VARIABLES if k in os.environ}
    started = time.monotonic()
    script = REFERENCE / "scripts" / "finetune.py"
    argv = [sys.executable, str(script), str(REFERENCE / "finetune.toml")]
    argv += [str(data), str(BASE / "model"), str(out)]
    subprocess.run(argv, env=env, check=True, capture_output=True, timeout=3600)
    seconds = time.monotonic() - started
    return torch.load(out / WEIGHTS, map_location="cpu", weights_only=True), seconds


def distance(a: dict[str, torch.Tensor], b: dict[str, torch.Tensor]) -> float:
    """The original's metric: the sum over tensors of the L2 norm of their difference."""
    return float(sum(torch.linalg.vector_norm((a[k] - b[k]).double()) for k in sorted(b)))


def score(params: dict[str, Any], solution: Path) -> dict[str, Any]:
    """The scorer's result for the agent's folder ``solution``."""
    timeout = float(params["timeout_s"])
    tolerance = float(params["max_distance"])
    memory_gb = float(params.get("memory_gb", 0))
    home = Path(os.environ.get("HOME", "/root"))  # the scorer's own, root-only
    scratch = home / f"llm-foundry-{secrets.token_hex(6)}"
    scratch.mkdir(mode=0o700)
    limits = kit.Limits(
        cpu_seconds=int(timeout * 8),
        memory_bytes=int(memory_gb * (1 << 30)) if memory_gb > 0 else None,
        processes=256,
        file_bytes=1 << 30,
    )
    try:
        data = scratch / "train_data.jsonl"
        data.write_text(draw_rows(int(params["rows"])), encoding="utf-8")
        with kit.Sandbox(limits, label="llm-foundry") as box:
            workdir = box.root / "solution"
            kit.copy_solution(solution, workdir, max_bytes=SOLUTION_MAX_BYTES)
            box.give(workdir)
            shutil.copyfile(data, box.root / data.name)
            kit.copy_solution(BASE / "model", box.root / "base_model")  # never a link
            box.give(box.root / data.name, writable=False)
            box.give(box.root / "base_model", writable=False)
            output = box.root / "trained_model"
            env = box.env(
                {
                    "DATA": str(box.root / data.name),
                    "BASE_MODEL": str(box.root / "base_model"),
                    "OUTPUT": str(output),
                }
            )
            seconds = run_script(box, workdir, env, timeout)
            if not output.is_dir() or output.is_symlink():
                raise kit.Invalid("finetune.sh wrote no folder at $OUTPUT")
            kit.copy_solution(output, scratch / "trained_model", max_bytes=OUTPUT_MAX_BYTES)
            if (scratch / "trained_model" / WEIGHTS).is_file():  # read_weights says if missing
                # read in this process: nothing may unpack past the file's size
                kit.check_torch_archive(
                    scratch / "trained_model" / WEIGHTS, f"{WEIGHTS} in the output"
                )
            isolated = box.isolated
        ref, ref_seconds = reference_weights(
            data, scratch / "reference_model", kit.available_cpus()
        )
        mine = read_weights(scratch / "trained_model", ref)
        gap = distance(mine, ref)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if not gap <= tolerance:
        # the order of magnitude only: the exact figure would be a number the agent's code
        # could make from the hidden data
        times = 10 ** math.floor(math.log10(gap / tolerance)) if math.isfinite(gap) else math.inf
        raise kit.Invalid(
            f"the weights differ from the reference training's by more than {times:g} times the "
            f"{tolerance:g} allowed (sum over tensors of the L2 norm): the training must stay the "
            f"same (data, order, steps, precision, optimiser)"
        )
    value = math.log(seconds)
    return {
        "valid": True,
        "score": value,
        "message": (
            f"finetune.sh took {seconds:.2f} s; weights {gap:.2g} from the reference "
            f"training's (at most {tolerance:g}); score ln(seconds) = {value:.4f}, lower is better"
        ),
        "details": {
            "seconds": round(seconds, 3),
            "distance": gap,
            "reference_seconds": round(ref_seconds, 2),
            "rows": int(params["rows"]),
            "torch": torch.__version__,
            "isolated": isolated,
        },
    }


if __name__ == "__main__":
    kit.run_scorer(score)
