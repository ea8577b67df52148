"""The fix_embedding scorer: ln(loss on the hidden split - floor), or invalid.

The submission is a file of weights, never code: it is read with torch's weights-only loader in
a separate worker process (``worker.py``), which runs as an unprivileged user when this runs as
root, under a memory limit (CPU) and a timeout, with the CPU code paths, threads and algorithms
pinned so that one file always gives one loss. The worker checks the architecture exactly
against the corrupted model the agent was given; a crash, running out of memory, a timeout or
any mismatch is an invalid score with a message.

Scorer contract: $ENVSPEC_SOLUTION, $ENVSPEC_PARAMETERS, $ENVSPEC_RESULT, and the assets'
folders in $ENVSPEC_ASSET_CORRUPTED (the model the agent was given), $ENVSPEC_ASSET_LARGE (the
uncorrupted model) and $ENVSPEC_ASSET_TEST (the hidden split); the last two are root-only.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import pwd
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import torch

HERE = Path(__file__).resolve().parent
CORRUPTED = Path(os.environ.get("ENVSPEC_ASSET_CORRUPTED", "/assets/corrupted"))
LARGE = Path(os.environ.get("ENVSPEC_ASSET_LARGE", "/assets/large"))
TEST = Path(os.environ.get("ENVSPEC_ASSET_TEST", "/assets/test"))
UNPRIVILEGED = "nobody"
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


class Invalid(Exception):
    """The solution cannot be scored; the message is for the agent."""


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


def copy_submission(solution_dir: Path, dest: Path) -> int:
    """Copy the submission to ``dest`` if it is a regular file of a plausible size; its size.

    The file is opened without following links and checked on the open descriptor, so that
    swapping it for a link while the scorer runs (the agent's side of the folder is writable)
    cannot make the scorer read anything else; at most the limit is read.
    """
    path = solution_dir / SOLUTION_FILE
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        raise Invalid(
            f"no {SOLUTION_FILE} in your working directory (the starting solution is a copy "
            'of "$ENVSPEC_ASSET_CORRUPTED/model.pt")'
        ) from None
    except OSError:  # ELOOP: a link
        raise Invalid(f"{SOLUTION_FILE} must be a regular file, not a link") from None
    expected = (CORRUPTED / "model.pt").stat().st_size
    limit = 2 * expected + (1 << 20)
    with os.fdopen(fd, "rb") as src:
        info = os.fstat(src.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise Invalid(f"{SOLUTION_FILE} must be a regular file")
        data = src.read(limit + 1)
    if len(data) > limit:
        raise Invalid(
            f"{SOLUTION_FILE} is {info.st_size:,} bytes; a model of this architecture takes "
            f"about {expected:,} (limit {limit:,})"
        )
    dest.write_bytes(data)
    return len(data)


def _limit_memory(memory_bytes: int | None) -> None:
    """In the worker, before exec: its address-space limit (MemoryError instead of the OOM
    killer, which could take the scorer with it)."""
    if memory_bytes is not None:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))


def run_worker(workdir: Path, params: dict[str, object]) -> dict[str, object]:
    """Evaluate ``workdir/model.pt`` in the worker; its JSON answer."""
    device = str(params.get("device", "cpu"))
    threads = str(params.get("threads", 2))
    timeout = float(params.get("eval_timeout_s", 600))  # type: ignore[arg-type]
    memory_gb = float(params.get("worker_memory_gb", 0))  # type: ignore[arg-type]
    memory = int(memory_gb * (1 << 30)) if memory_gb > 0 and device == "cpu" else None
    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": str(workdir),
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "OMP_NUM_THREADS": threads,
        "MKL_NUM_THREADS": threads,
        **DETERMINISTIC_ENV,
    }
    for key in ("CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES", "LD_LIBRARY_PATH"):
        if key in os.environ:
            env[key] = os.environ[key]
    kwargs: dict[str, object] = {}
    if os.geteuid() == 0:
        pw = pwd.getpwnam(UNPRIVILEGED)
        kwargs = {"user": pw.pw_uid, "group": pw.pw_gid, "extra_groups": []}
    argv = [sys.executable, str(workdir / "worker.py"), str(workdir / "model.pt")]
    argv += [str(workdir / "expected.json"), str(workdir / "test.bin"), device, threads]
    argv += [str(params.get("batch_size", 16))]
    log = workdir / "worker.log"
    with log.open("wb") as err:
        proc = subprocess.Popen(
            argv,
            cwd=workdir,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=err,
            start_new_session=True,
            preexec_fn=lambda: _limit_memory(memory),
            **kwargs,  # type: ignore[arg-type]
        )
        try:
            out, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise Invalid(f"the evaluation did not finish within {timeout:g} s") from None
    lines = out.decode(errors="replace").strip().splitlines()
    if proc.returncode != 0 or not lines:
        if proc.returncode == -signal.SIGKILL:
            reason = "it was killed (out of memory?)"
        elif proc.returncode < 0:
            reason = f"killed by {signal.Signals(-proc.returncode).name}"
        else:
            reason = f"exit code {proc.returncode}"
        tail = log.read_text(errors="replace").strip().splitlines()[-3:]
        raise Invalid(f"the evaluation crashed ({reason}): " + " | ".join(tail)[-800:])
    answer = dict(json.loads(lines[-1]))
    if not answer.get("ok"):
        raise Invalid(str(answer.get("error")))
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
    started = time.monotonic()
    workdir = Path(tempfile.mkdtemp(prefix="fe-worker-"))
    try:
        copy_submission(solution_dir, workdir / "model.pt")
        shutil.copyfile(TEST / "test.bin", workdir / "test.bin")
        shutil.copyfile(HERE / "worker.py", workdir / "worker.py")
        shutil.copyfile(CORRUPTED / "model.py", workdir / "model.py")
        (workdir / "expected.json").write_text(json.dumps(expected_architecture()))
        # the worker may read, not change, what it is given
        for p in workdir.iterdir():
            p.chmod(0o644)
        workdir.chmod(0o755)
        answer = run_worker(workdir, params)
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
                "embedding_rows_recovered": rows_recovered(workdir / "model.pt"),
                "device": str(params.get("device", "cpu")),
                "torch": torch.__version__,
                "worker_isolated": os.geteuid() == 0,
                "eval_seconds": round(time.monotonic() - started, 2),
            },
        }
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def main() -> None:
    params = json.loads(os.environ.get("ENVSPEC_PARAMETERS", "{}"))
    solution = Path(os.environ["ENVSPEC_SOLUTION"])
    result_file = Path(os.environ["ENVSPEC_RESULT"])
    result_file.unlink(missing_ok=True)
    result_file.touch(mode=0o600, exist_ok=False)
    try:
        result = score(params, solution)
    except Invalid as e:
        result = {"valid": False, "reason": str(e), "message": str(e)}
    result_file.write_text(json.dumps(result))


if __name__ == "__main__":
    main()
