"""What a run's record says now, read without touching the run: ``status`` for operators and
the ``summary`` a list of runs shows. Light on purpose (no engine, registry or backend code),
so that the reading commands start fast."""

from __future__ import annotations

import json
import time
from typing import Any

from envspec.models.run import RunRecord
from envspec.runtime import runstore

#: the states of a run that holds (or is taking) resources
LIVE = runstore.LIVE_STATES


def status(run_id: str) -> dict[str, Any]:
    """The run's record plus budget use, for operators. Read-only: a run past its deadline
    that ``gc`` has not yet reclaimed is shown ``expired``, as gc will mark it."""
    run = runstore.load(run_id)
    now = time.time()
    d = run.to_dict()
    d.pop("manifest")
    d.update(summary(run, now))
    d["remaining_s"] = None if run.deadline is None else max(0.0, round(run.deadline - now, 3))
    if run.status not in LIVE:
        d["remaining_s"] = 0.0
    d["gpu_hours_used"] = round(run.gpu_hours_used(now), 6)
    return d


def summary(run: RunRecord, now: float) -> dict[str, Any]:
    """What a list of runs shows of one: its status as of ``now``, elapsed seconds, scorings
    and, once finished, its final score (``raw``, ``normalised``; None: no valid score)."""
    shown = run.status
    if shown == "running" and run.deadline is not None and now >= run.deadline:
        shown = "expired"
    out: dict[str, Any] = {
        "status": shown,
        "elapsed_s": round(run.elapsed(now), 3),
        "scorer_calls": run.scorer_calls,
        "raw": None,
        "normalised": None,
    }
    result = runstore.run_dir(run.id) / "result.json"
    if run.status == "finished" and result.is_file():
        score = json.loads(result.read_text()).get("score", {})
        out["raw"], out["normalised"] = score.get("raw"), score.get("normalised")
    return out
