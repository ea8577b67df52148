"""The optimize_kernel scorer (the checker): ln(median milliseconds) of prefix_sum, or invalid.

Hardening against the original's weaknesses:
- inputs come from secret seeds drawn here; the expected outputs are computed here, before any
  agent code is imported, and never leave this process;
- the solution runs in a separate process (worker.py) as an unprivileged user when this runs as
  root, so it can read neither this process's memory nor the scorer's files, nor write results;
- each call has a timeout; a crash, a timeout, a mismatch or tampering is invalid, never a
  number; outputs are compared (by hash of their bytes) after timing.

Scorer contract: $ENVSPEC_SOLUTION, $ENVSPEC_PARAMETERS, $ENVSPEC_RESULT.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import pwd
import secrets
import select
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import torch

HERE = Path(__file__).resolve().parent
UNPRIVILEGED = "nobody"


def expected_digest(seed: int, n: int, device: str) -> str:
    """SHA-256 of the correct int32 output for the input drawn from ``seed``."""
    g = torch.Generator(device=device)
    g.manual_seed(seed)
    x = torch.randint(-10, 10, (n,), dtype=torch.int32, device=device, generator=g)
    positive = (x > 0).to(torch.int64)
    before = torch.cumsum(positive, 0) - positive  # positives strictly before each element
    included = torch.where(before % 2 == 1, x.to(torch.int64), 0)
    y = torch.cumsum(included, 0).to(torch.int32).cpu().numpy()
    return hashlib.sha256(y.tobytes()).hexdigest()


def file_digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(1 << 22):
            h.update(chunk)
    return h.hexdigest()


class Invalid(Exception):
    """The solution cannot be scored; the message is for the agent."""


class Worker:
    """The solution's process and our channel to it."""

    def __init__(self, solution: Path, n: int, device: str, workdir: Path) -> None:
        parent, child = socket.socketpair()  # the channel; stdout/stderr go to a log
        self.sock = parent
        self.log = workdir / "worker.log"
        env = {
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": str(workdir),
            "TRITON_CACHE_DIR": str(workdir / "triton"),
            "PYTHONDONTWRITEBYTECODE": "1",
            "LANG": "C.UTF-8",
        }
        for key in ("CUDA_VISIBLE_DEVICES", "PYTHONPATH", "LD_LIBRARY_PATH"):
            if key in os.environ:
                env[key] = os.environ[key]
        kwargs: dict[str, object] = {}
        self.isolated = os.geteuid() == 0
        if self.isolated:
            pw = pwd.getpwnam(UNPRIVILEGED)
            kwargs = {"user": pw.pw_uid, "group": pw.pw_gid, "extra_groups": []}
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    str(workdir / "worker.py"),
                    str(solution),
                    str(child.fileno()),
                    str(n),
                    device,
                ],
                env=env,
                cwd=workdir,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                pass_fds=(child.fileno(),),
                start_new_session=True,
                **kwargs,  # type: ignore[arg-type]
            )
        child.close()
        self.buffer = b""

    def ask(self, request: dict[str, object] | None, timeout: float) -> dict[str, object]:
        if request is not None:
            self.sock.sendall((json.dumps(request) + "\n").encode())
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Invalid(f"prefix_sum did not finish within {timeout:g} s")
            ready, _, _ = select.select([self.sock], [], [], left)
            if ready:
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise Invalid(
                        f"the solution's process died ({self.exit_reason()}); its output ends:\n"
                        + self.log_tail()
                    )
                self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return dict(json.loads(line))

    def log_tail(self, lines: int = 15) -> str:
        """The end of what the solution's process printed (its own output, for the agent)."""
        try:
            text = self.log.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.strip().splitlines()[-lines:])[-3000:]

    def exit_reason(self) -> str:
        try:
            code = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return "still running"
        if code < 0:
            return f"killed by signal {signal.Signals(-code).name}"
        return f"exit code {code}"

    def close(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self.sock.close()


def score(params: dict[str, object], solution_dir: Path) -> dict[str, object]:
    n = int(params.get("n", 1 << 24))  # type: ignore[call-overload]
    repeats = int(params.get("repeats", 5))  # type: ignore[call-overload]
    warmup = int(params.get("warmup", 1))  # type: ignore[call-overload]
    device = str(params.get("device", "cpu"))
    call_timeout = float(params.get("call_timeout_s", 60))  # type: ignore[arg-type]
    first_timeout = float(params.get("first_call_timeout_s", 300))  # type: ignore[arg-type]
    if device == "cuda" and not torch.cuda.is_available():
        raise Invalid("this variant needs a GPU and the scorer sees none")
    if not (solution_dir / "solution.py").is_file():
        raise Invalid("no solution.py in your working directory")

    # 1. secret inputs and their expected outputs, before any agent code is imported
    seeds = [secrets.randbits(62) for _ in range(warmup + repeats)]
    expected = [expected_digest(s, n, device) for s in seeds]
    if device == "cuda":
        torch.cuda.empty_cache()

    workdir = Path(tempfile.mkdtemp(prefix="ok-worker-"))
    code = workdir / "code"
    shutil.copytree(solution_dir, code, ignore=shutil.ignore_patterns("__pycache__"))
    # the worker's own code travels with it: the scorer's folder is not readable by its user
    shutil.copyfile(HERE / "worker.py", workdir / "worker.py")
    worker = None
    try:
        if os.geteuid() == 0:
            pw = pwd.getpwnam(UNPRIVILEGED)
            for p in [workdir, *workdir.rglob("*")]:
                os.lchown(p, pw.pw_uid, pw.pw_gid)
        worker = Worker(code, n, device, workdir)
        hello = worker.ask(None, first_timeout)
        if not hello.get("ok"):
            raise Invalid(str(hello.get("error")))
        times = []
        for i, (seed, want) in enumerate(zip(seeds, expected, strict=True)):
            out = workdir / f"out-{i}.bin"
            answer = worker.ask(
                {"seed": seed, "out": str(out)}, first_timeout if i == 0 else call_timeout
            )
            if not answer.get("ok"):
                raise Invalid(str(answer.get("error")))
            if not out.is_file() or file_digest(out) != want:
                raise Invalid(
                    f"wrong output on call {i + 1} (fresh random input): it must equal "
                    "the conditional prefix sum exactly"
                )
            out.unlink()
            if i >= warmup:
                times.append(float(answer["ms"]))  # type: ignore[arg-type]
        median = statistics.median(times)
        return {
            "valid": True,
            "score": math.log(median),
            "message": f"median {median:.4f} ms over {repeats} calls (score ln(ms) = "
            f"{math.log(median):.4f}); lower is better",
            "details": {
                "times_ms": times,
                "n": n,
                "device": device,
                "worker_isolated": worker.isolated,
                "gpu": torch.cuda.get_device_name() if device == "cuda" else None,
                "torch": torch.__version__,
            },
        }
    finally:
        if worker is not None:
            worker.close()
        shutil.rmtree(workdir, ignore_errors=True)


def main() -> None:
    params = json.loads(os.environ.get("ENVSPEC_PARAMETERS", "{}"))
    solution = Path(os.environ["ENVSPEC_SOLUTION"])
    result_file = Path(os.environ["ENVSPEC_RESULT"])
    # Claim the result file before any agent code runs, so the solution's user (who may share
    # a world-writable folder such as /tmp with it) can neither create nor replace it.
    result_file.unlink(missing_ok=True)
    result_file.touch(mode=0o600, exist_ok=False)
    try:
        result = score(params, solution)
    except Invalid as e:
        result = {"valid": False, "reason": str(e), "message": str(e)}
    result_file.write_text(json.dumps(result))


if __name__ == "__main__":
    main()
