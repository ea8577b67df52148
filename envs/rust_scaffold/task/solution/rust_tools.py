"""Utilities for Rust programs written by a model: find the code in an answer, compile it, run
it on tests, compare outputs. The scorer judges with the same compiler flags and the same
comparison (its own copy of this file; it runs each program as an untrusted user with limits).

Standard library only; ``rustc`` (std only, no cargo crates) must be on PATH.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

#: how the scorer compiles a submitted program
RUSTC_FLAGS = ("-O", "--edition", "2021", "--crate-name", "main")
#: the judge's limits on each test: CPU seconds and memory; more output than this is wrong
TEST_CPU_SECONDS = 2
TEST_MEMORY_BYTES = 256 << 20
OUTPUT_MAX_BYTES = 1 << 20
#: the judge's wall-clock limits: a compilation, a test (its CPU limit and a margin)
COMPILE_TIMEOUT_S = 30.0
TEST_WALL_S = TEST_CPU_SECONDS + 1.5

_FENCE = re.compile(r"```([A-Za-z0-9_+-]*)[^\n]*\n(.*?)```", re.DOTALL)


def extract_code(answer: str) -> str:
    """The Rust program in a model's answer: the longest fenced block marked ``rust`` (else
    the longest fenced block of any kind, else the whole answer, stripped)."""
    blocks = [(lang.lower(), body) for lang, body in _FENCE.findall(answer)]
    rust = [body for lang, body in blocks if lang in ("rust", "rs")]
    pool = rust or [body for _, body in blocks]
    if pool:
        return max(pool, key=len).strip() + "\n"
    return answer.strip() + "\n"


def tokens_equal(expected: str, got: str) -> bool:
    """The judge's comparison: the same whitespace-separated tokens."""
    return expected.split() == got.split()


@dataclass(frozen=True)
class Compiled:
    """A compiled program (``binary``), or why it did not compile (``error``)."""

    binary: Path | None
    error: str = ""


def compile_rust(source: str, folder: Path | None = None) -> Compiled:
    """Compile ``source`` as the judge does (``rustc`` with :data:`RUSTC_FLAGS`) in ``folder``
    (a fresh temporary one by default)."""
    folder = Path(folder or tempfile.mkdtemp(prefix="rust-"))
    src = folder / "main.rs"
    src.write_text(source, encoding="utf-8")
    binary = folder / "main"
    try:
        done = subprocess.run(
            ["rustc", *RUSTC_FLAGS, "-o", str(binary), str(src)],
            capture_output=True,
            text=True,
            timeout=COMPILE_TIMEOUT_S,
            cwd=folder,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return Compiled(None, f"rustc took more than {COMPILE_TIMEOUT_S:.0f} s")
    if done.returncode != 0 or not binary.is_file():
        return Compiled(None, done.stderr[-4000:])
    return Compiled(binary)


@dataclass(frozen=True)
class Ran:
    """One run of a program on one input."""

    output: str
    exit_code: int | None  # None: killed at the time limit
    seconds: float


def run_program(binary: Path, stdin: str, *, timeout: float = TEST_WALL_S) -> Ran:
    """Run ``binary`` on ``stdin`` (wall-clock ``timeout``; output beyond the judge's limit
    is cut, and such an answer is wrong anyway)."""
    began = time.monotonic()
    try:
        done = subprocess.run(
            [str(binary)],
            input=stdin.encode(),
            capture_output=True,
            timeout=timeout,
            check=False,
            cwd=binary.parent,
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")},
        )
    except subprocess.TimeoutExpired:
        return Ran("", None, time.monotonic() - began)
    out = done.stdout[: OUTPUT_MAX_BYTES + 1].decode(errors="replace")
    return Ran(out, done.returncode, time.monotonic() - began)


def passes(binary: Path, inputs: list[str], outputs: list[str]) -> bool:
    """Whether the program answers every input as expected (exit code 0, same tokens)."""
    for stdin, expected in zip(inputs, outputs, strict=True):
        ran = run_program(binary, stdin)
        if ran.exit_code != 0 or not tokens_equal(expected, ran.output):
            return False
    return True
