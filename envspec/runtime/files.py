"""Files out of a run's agent side (``runs.put_files`` puts them in), for harness adapters."""

from __future__ import annotations

import time

from envspec.runtime import runs
from envspec.runtime.backends import get_backend


def read_file(run_id: str, path: str) -> bytes:
    """Read a file from the agent's side, as the agent (``path`` relative to its workdir).

    Raises:
        UnknownRun, RunNotActive, BudgetExceeded (the deadline has passed);
        FileReadError: missing, a directory, unreadable by the agent, or the read failed.
    """
    run = runs.active_run(run_id)
    remaining = (run.deadline or time.time()) - time.time()
    return get_backend(run.backend).read_file(run, path, timeout=max(1.0, remaining))
