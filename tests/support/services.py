"""A real model endpoint for tests: llama.cpp's server (xllamacpp) on the packaged SmolLM2 GGUF,
and the metering proxy in front of it, each a process of its own."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from tests.support.registry import free_port, stop_process

SERVICES = Path(__file__).resolve().parents[2] / "envspec" / "services"


def wait_for_http(
    url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float, *, ready: bool
) -> None:
    """Until ``url`` answers (with 200 if ``ready``: an engine says 503 while it loads), or
    fail with the process's log."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"exited with {proc.returncode}:\n{log.read_text()[-2000:]}")
        try:
            status = httpx.get(url, timeout=1.0).status_code
            if status == 200 or not ready:
                return
            time.sleep(0.1)
        except httpx.TransportError:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer in {timeout} s:\n{log.read_text()[-2000:]}")


@contextmanager
def process(
    argv: list[str], log: Path, url: str, *, ready: bool = False, timeout: float = 60.0
) -> Iterator[str]:
    """Start ``argv`` (output to ``log``), wait until ``url`` answers, yield it; stop it."""
    with log.open("wb") as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_for_http(url, proc, log, timeout, ready=ready)
        yield url
    finally:
        stop_process(proc)


@contextmanager
def engine(
    model: Path,
    log: Path,
    *,
    threads: int = 2,
    program: str = "llamacpp.py",
    device: str | None = None,
    extra: tuple[str, ...] = (),
    timeout: float = 60.0,
) -> Iterator[str]:
    """An engine (llama.cpp, or ``program``: transformers_engine.py on ``device``) serving
    ``model`` on a free port of 127.0.0.1; yields its base URL."""
    port = free_port()
    argv = [sys.executable, str(SERVICES / program), str(model), "--port", str(port)]
    argv += ["--alias", "smollm2", "--ctx", "2048", "--threads", str(threads)]
    argv += ["--device", device] if device else []
    argv += extra
    url = f"http://127.0.0.1:{port}/v1/models"
    with process(argv, log, url, ready=True, timeout=timeout) as ready:
        yield ready.removesuffix("/v1/models")


@contextmanager
def proxy(tmp: Path, upstream: str, **config: Any) -> Iterator[str]:
    """The metering proxy in front of ``upstream``; ``config`` completes its configuration
    (keys, budget, usage_log, ...). Yields its base URL."""
    port = free_port()
    settings = {
        "upstream": upstream,
        "listen_host": "127.0.0.1",
        "listen_port": port,
        "usage_log": str(tmp / "usage.jsonl"),
        "keys": {"agent-key": "agent", "scorer-key": "scorer"},
        **config,
    }
    path = tmp / f"proxy-{port}.json"
    path.write_text(json.dumps(settings))
    argv = [sys.executable, str(SERVICES / "proxy.py"), str(path)]
    with process(argv, tmp / f"proxy-{port}.log", f"http://127.0.0.1:{port}/") as url:
        yield url.rstrip("/")
