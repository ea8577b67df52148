"""The one small interface every backend implements."""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import fcntl
import json
import os
import shlex
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from envspec.errors import EnvspecError
from envspec.kit import scorer_kit
from envspec.models.manifest import Manifest
from envspec.models.reference import Reference
from envspec.models.run import GpuAssignment, Limits, RunRecord
from envspec.runtime import runstore

if TYPE_CHECKING:
    from envspec.runtime.placement import Placement

S = TypeVar("S", bound="State")


@dataclass(frozen=True)
class State:
    """A backend's state of one run, typed: each backend's subclass names its fields. The run
    record keeps it as JSON (:meth:`to_dict`, fields that are None left out);
    :meth:`of` reads it back."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, for the run record's ``backend_state``."""
        return {k: v for k, v in dataclasses.asdict(self).items() if v is not None}

    @classmethod
    def from_dict(cls: type[S], data: dict[str, Any]) -> S:
        """Inverse of :meth:`to_dict` (keys it does not know are ignored)."""
        known = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    @classmethod
    def of(cls: type[S], run: RunRecord) -> S:
        """The state stored with ``run``."""
        return cls.from_dict(run.backend_state)


@dataclass(frozen=True)
class NoState(State):
    """The state of a backend that keeps nothing before ``start``."""


@dataclass(frozen=True)
class ExecResult:
    """What an agent command did. ``dropped``: bytes of output past the limit, read and not
    kept (:data:`EXEC_OUTPUT_LIMIT` a stream)."""

    exit_code: int
    stdout: bytes
    stderr: bytes
    timed_out: bool = False
    dropped: int = 0


#: the most of each stream of an agent command's output kept (the rest is read and dropped)
EXEC_OUTPUT_LIMIT = 128 << 20


class OutputBuffer:
    """A stream's output gathered in linear time, keeping at most ``limit`` bytes."""

    def __init__(self, limit: int = EXEC_OUTPUT_LIMIT) -> None:
        self.data = bytearray()
        self.limit = limit
        self.dropped = 0

    def add(self, chunk: bytes) -> None:
        room = self.limit - len(self.data)
        if room > 0:
            self.data += chunk[:room]
        self.dropped += max(0, len(chunk) - max(room, 0))


@dataclass(frozen=True)
class ScorerRun:
    """What one scorer execution produced. ``result`` is the bytes of ``$ENVSPEC_RESULT``
    (None if the scorer wrote none); ``logs`` are its stdout/stderr, operator-only."""

    result: bytes | None
    exit_code: int | None
    timed_out: bool
    logs: str
    seconds: float


@dataclass(frozen=True)
class StartSpec:
    """What a backend needs to start a run's agent side."""

    run: RunRecord
    manifest: Manifest
    prepared: Any  # the State that Backend.prepare returned
    device_ids: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Placed:
    """Where a backend's own scheduler started a run (see :attr:`Backend.schedules`): when
    its clock started, its deadline, and the GPUs it was given."""

    started_at: float
    deadline: float
    gpus: tuple[GpuAssignment, ...] = ()


#: where scorers write their result inside their sandbox (the scorer contract)
RESULT_PATH = "/tmp/envspec-result.json"
#: bytes per argument when writing a file through the agent's shell: their base64 (64 KiB)
#: stays under Linux's limit on one argument (MAX_ARG_STRLEN, 128 KiB)
PUT_CHUNK = 48 * 1024
#: such arguments per exec: 768 KiB of base64, well under the 2 MiB a command line may take
#: with the default 8 MiB stack (ARG_MAX). One exec a chunk took 50 s for a 25 MB model file
#: (restricted_mlm's hidden_storage exploit; about 0.1 s an exec)
PUT_ARGS = 12
#: where the solution is mounted read-only for the scorer: under its root-only home, so that
#: the sandboxes it starts (other uids) read only the snapshot, never the agent's live folder
SOLUTION_MOUNT = "/root/.envspec-solution"


#: how long an interrupted command's processes get between SIGTERM and SIGKILL
STOP_GRACE_S = 2.0


def scoring_marker(run_id: str) -> Path:
    """The file that says a scoring of the run is in progress (its process id inside)."""
    return runstore.run_dir(run_id) / "scoring.pid"


@contextlib.contextmanager
def scoring_in_progress(run_id: str) -> Iterator[None]:
    """Mark a scoring of the run as in progress while the block runs: from before the agent
    is stopped until after it is let go again, commands for the agent wait (see
    :func:`wait_for_scoring`), so that none of them runs beside the snapshot or the scorer."""
    marker = scoring_marker(run_id)
    marker.write_text(str(os.getpid()))
    try:
        yield
    finally:
        marker.unlink(missing_ok=True)


def wait_for_scoring(run_id: str) -> None:
    """Wait while a scoring of the run is in progress; a marker whose process is gone (a
    scoring killed mid-way) is removed."""
    marker = scoring_marker(run_id)
    while True:
        try:
            pid = int(marker.read_text() or 0)
        except (OSError, ValueError):
            return
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            marker.unlink(missing_ok=True)
            return
        except PermissionError:
            pass
        time.sleep(0.2)


def _launches(run_id: str) -> Path:
    """The lock of the run's agent commands being started. A scoring holds the agent (stops its
    processes, pauses its container) after marking itself, and a command started just before
    could miss that: on a host, its launcher is root until its last step (namespaces, mounts,
    then the run's user), which stopping the user's processes does not reach; on Docker, a
    command that found the container paused took it for a killed scoring's and resumed it.
    Either then ran beside the scoring (attacker reviews, 2026-12-06)."""
    return runstore.run_dir(run_id) / "launches.lock"


def _ended(run_id: str) -> Path:
    return runstore.run_dir(run_id) / "launches.ended"


@contextlib.contextmanager
def launch_slot(run_id: str) -> Iterator[bool]:
    """Held (shared) by an agent's command from the check that no scoring is in progress until
    it runs where holding the agent reaches it (the run's user; the container); yields False
    once the run has ended (no command starts)."""
    while True:
        wait_for_scoring(run_id)
        with _launches(run_id).open("a") as lock:
            fcntl.flock(lock, fcntl.LOCK_SH)
            if _ended(run_id).exists():
                yield False
                return
            if not scoring_marker(run_id).exists():
                yield True
                return
        # a scoring began between the wait and the lock: wait for it too


def settle_launches(run_id: str, *, end: bool = False) -> None:
    """Wait until every agent command that began starting before this (a scoring's marker or,
    with ``end``, the run's end) runs where holding or killing the agent reaches it; with
    ``end``, no command starts afterwards."""
    if not runstore.run_dir(run_id).is_dir():
        return
    with _launches(run_id).open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if end:
            _ended(run_id).touch()


def snapshot_for_scoring(solution: Path, dest: Path) -> bytes | None:
    """Copy the agent's ``solution`` folder to ``dest`` for a scorer: regular files and folders
    only, never following a link (the kit's copy). None when copied; else the invalid result to
    record instead of scoring (a link, a device, too many bytes, a full disk)."""
    try:
        scorer_kit.copy_solution(solution, dest, max_bytes=scorer_kit.SNAPSHOT_MAX_BYTES, skip=())
    except (scorer_kit.Invalid, OSError) as e:  # OSError: the disk is full, say
        why = (
            str(e)
            if isinstance(e, scorer_kit.Invalid)
            else f"the solution cannot be copied for scoring: {e.strerror or e}"
        )
        return json.dumps({"valid": False, "reason": why, "message": why}).encode()
    return None


class FileReadError(EnvspecError):
    """A file could not be read from a run's agent side.

    ``reason`` is ``missing``, ``directory``, ``denied`` or ``failed``, so adapters can map it
    to their own errors (Inspect's FileNotFoundError, IsADirectoryError, PermissionError).
    """

    def __init__(self, message: str, *, reason: str, hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.reason = reason


#: exit codes of the read-file probe (distinct from base64's own 1)
_READ_CODES = {21: "directory", 22: "missing", 23: "denied"}


class Backend(ABC):
    """Starts, drives and cleans up runs. Every method is idempotent where it can be."""

    name: str = ""
    #: True when a scheduler of the backend's own places runs (Slurm: its queue and GRES).
    #: ``start_run`` then neither checks this host nor leases its GPUs: it asks
    #: :meth:`check_placement` before anything starts, and :meth:`placed` once ``start``
    #: returned (a queued run's clock starts when the scheduler starts it).
    schedules: bool = False

    @abstractmethod
    def prepare(self, ref: Reference, manifest: Manifest, variant: str) -> State:
        """Fetch what runs of ``ref`` (resolved: pinned by digest) and its ``variant`` need on
        this host (images, unpacked files, the variant's assets); returns the state so far."""

    @abstractmethod
    def start(self, spec: StartSpec) -> tuple[str, State]:
        """Start the agent side with the starting solution; end it by itself at the deadline.

        Returns the isolation level reached and the run's whole backend state to store with
        it (what ``prepare`` returned, completed: the run record keeps only this).
        """

    @abstractmethod
    def exec(self, run: RunRecord, argv: list[str], *, timeout: float) -> ExecResult:
        """Run ``argv`` as the agent, in its working directory."""

    @abstractmethod
    def score(self, run: RunRecord, *, env: dict[str, str], timeout: float) -> ScorerRun:
        """Run the scorer on the current solution, apart from the agent."""

    @abstractmethod
    def stop(self, run: RunRecord, *, keep_solution: bool = False) -> None:
        """Remove what the run started (the solution too unless ``keep_solution``)."""

    @abstractmethod
    def reap(self, keep: set[str]) -> list[str]:
        """Remove leftovers of runs not in ``keep``; return their run ids."""

    # --- optional hooks (no-ops unless the backend needs them) ------------------------------

    def placement(self, *, substitute: dict[str, tuple[str, ...]] | None = None) -> Placement:
        """Who checks where runs may go and leases what they hold: this host
        (:class:`~envspec.runtime.placement.HostPlacement`) unless the backend ``schedules``."""
        from envspec.runtime.placement import HostPlacement, SchedulerPlacement

        if self.schedules:
            return SchedulerPlacement(self, substitute)
        return HostPlacement(substitute)

    def check_placement(self, manifest: Manifest, variant: str, limits: Limits) -> None:
        """Refuse a run that the backend's scheduler can never place (``schedules`` only)."""
        return None

    def placed(self, state: State) -> Placed:
        """Where ``start`` (which returned ``state``) placed the run (``schedules`` only)."""
        raise NotImplementedError(f"the {self.name} backend does not schedule runs")

    def lost(self, runs: list[RunRecord]) -> dict[str, str]:
        """Which of ``runs`` (this backend's, running, before their deadline) ended outside
        envspec (a scheduler failed or cancelled them), each with why; ``gc`` fails them."""
        return {}

    def put_file(self, run: RunRecord, path: str, data: bytes, *, timeout: float) -> None:
        """Write ``data`` to ``path`` (relative to the workdir) as the agent would: through
        ``exec``, so the file gets the agent's ownership and nothing bypasses the sandbox."""
        quoted = shlex.quote(path)
        chunks = [
            base64.b64encode(data[i : i + PUT_CHUNK]).decode()
            for i in range(0, len(data), PUT_CHUNK)
        ]
        append = f'for c in "$@"; do printf %s "$c"; done | base64 -d >> {quoted}'
        make = f'mkdir -p "$(dirname {quoted})" && : > {quoted} && {append}'
        # the first exec makes the (empty) file, and each appends up to PUT_ARGS chunks
        for i in range(0, max(1, len(chunks)), PUT_ARGS):
            script = make if i == 0 else append
            argv = ["sh", "-c", script, "put", *chunks[i : i + PUT_ARGS]]
            result = self.exec(run, argv, timeout=timeout)
            if result.exit_code != 0:
                raise EnvspecError(
                    f"writing {path} in run {run.id} failed: "
                    f"{result.stderr.decode(errors='replace').strip()}",
                    hint="check the path is inside the agent's working directory and writable",
                )

    def read_file(self, run: RunRecord, path: str, *, timeout: float) -> bytes:
        """Read ``path`` (relative to the workdir) as the agent would: through ``exec``, so
        the agent's permissions apply and hidden files stay hidden.

        Raises:
            FileReadError: the file is missing, a directory, unreadable, or the read failed.
        """
        q = shlex.quote(path)
        probe = (
            f"if [ -d {q} ]; then exit 21; elif [ ! -e {q} ]; then exit 22; "
            f"elif [ ! -r {q} ]; then exit 23; fi; base64 < {q}"
        )
        result = self.exec(run, ["sh", "-c", probe], timeout=timeout)
        if result.exit_code == 0 and result.dropped:
            raise FileReadError(
                f"reading {path} in run {run.id} failed: the file is too large to read this way",
                reason="failed",
                hint="read files under about 90 MiB, or copy it out in parts",
            )
        if result.exit_code == 0:
            return base64.b64decode(result.stdout)
        reason = _READ_CODES.get(result.exit_code, "failed")
        detail = result.stderr.decode(errors="replace").strip()
        raise FileReadError(
            f"reading {path} in run {run.id} failed: {detail or reason}",
            reason=reason,
            hint="paths are relative to the agent's working directory; the agent must be"
            " able to read the file",
        )
