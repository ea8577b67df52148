"""Run folders on the host, outside anything an agent can write.

``$ENVSPEC_HOME/runs/<id>/`` (mode 0700) holds ``run.json``, the score log and the result.
Updates to one run happen under that run's file lock.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from filelock import FileLock

from envspec import constants, errors
from envspec.atomic import write_atomic
from envspec.errors import EnvspecError
from envspec.models.manifest import did_you_mean
from envspec.models.run import RunRecord


class UnknownRun(EnvspecError):
    """No run has that id."""

    exit_code = errors.EXIT_BAD_INPUT


def runs_root() -> Path:
    """Where run folders live."""
    root = constants.envspec_home() / "runs"
    root.mkdir(parents=True, exist_ok=True, mode=0o700)
    return root


def new_run_id() -> str:
    """A fresh, sortable, unguessable run id."""
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + "-" + secrets.token_hex(4)


def run_dir(run_id: str) -> Path:
    """The folder of a run (whether or not it exists)."""
    if not run_id or "/" in run_id or run_id.startswith("."):
        raise UnknownRun(f"{run_id!r} is not a run id", hint="list runs with `envspec runs`")
    return runs_root() / run_id


def create(record: RunRecord) -> Path:
    """Create the run's folder (0700) and write its first record."""
    d = run_dir(record.id)
    d.mkdir(mode=0o700)
    os.chmod(d, 0o700)
    _write(d, record)
    return d


def load(run_id: str) -> RunRecord:
    """The run's current record.

    Raises:
        UnknownRun: no such run (the hint suggests a close id).
    """
    path = run_dir(run_id) / "run.json"
    if not path.is_file():
        ids = [p.name for p in runs_root().iterdir()]
        near = did_you_mean(run_id, ids)
        raise UnknownRun(f"no run {run_id!r}", hint=near or "list runs with `envspec runs`")
    return RunRecord.from_dict(json.loads(path.read_text()))


@contextlib.contextmanager
def locked(run_id: str) -> Iterator[None]:
    """Hold the run's lock (serialises score/finish/gc on one run).

    Raises:
        UnknownRun: no such run (nothing is created for it).
    """
    load(run_id)  # the lock file's folder must be a run's: the lock would create it
    with FileLock(str(run_dir(run_id) / ".lock")):
        yield


def update(run_id: str, change: Callable[[RunRecord], RunRecord]) -> RunRecord:
    """Apply ``change`` to the stored record atomically (caller holds or takes the lock)."""
    record = change(load(run_id))
    _write(run_dir(run_id), record)
    return record


def save(record: RunRecord) -> None:
    """Overwrite the stored record."""
    _write(run_dir(record.id), record)


def all_runs() -> list[RunRecord]:
    """Every run on this host, oldest first (unreadable folders are skipped)."""
    out = []
    for d in sorted(runs_root().iterdir()):
        with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
            out.append(RunRecord.from_dict(json.loads((d / "run.json").read_text())))
    return out


#: the states in which a run's leftovers (containers, areas, disks) must not be reaped
KEPT_STATES = ("starting", "running", "expired")
#: the states of a run that holds what placement gave it (its GPUs)
LIVE_STATES = ("starting", "running")


def _status_now(run_id: str) -> str | None:
    """The run's status as its record says now (None: no readable record)."""
    try:
        data = json.loads((runs_root() / run_id / "run.json").read_text())
    except (OSError, ValueError):
        return None
    return str(data.get("status"))


def still_kept(run_id: str) -> bool:
    """Whether the run's record says, read now, that its resources must stay: what ``gc``'s
    reapers ask right before removing something of a run its earlier list did not keep (a run
    started since has its record before any resource of its own)."""
    return _status_now(run_id) in KEPT_STATES


def still_live(run_id: str) -> bool:
    """Whether the run's record says, read now, that it is starting or running (it holds its
    GPUs): what ``gc`` asks before taking back the lease of a run its earlier list missed."""
    return _status_now(run_id) in LIVE_STATES


def _write(d: Path, record: RunRecord) -> None:
    write_atomic(d / "run.json", json.dumps(record.to_dict(), indent=2, sort_keys=True))
