"""Helpers shared by the batch tests of every backend: the agent command, spec files, and the
independent computation that a batch's summary is checked against."""

from __future__ import annotations

import json
import statistics
import sys
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
import yaml

from envspec.runtime.batch import journal_events

ENVSPEC = str(Path(sys.executable).parent / "envspec")
#: the n-th run answers 3n (normalised 1 - |3n - 42| / 42), every fifth one garbage (no score)
AGENT = (
    "n=${ENVSPEC_BATCH_TRIAL##*/}; if [ $((n % 5)) -eq 0 ]; then a=x; else a=$((n * 3)); fi; "
    f'{ENVSPEC} exec "$ENVSPEC_RUN_ID" -- sh -c "echo $a > answer.txt" && '
    f'{ENVSPEC} score "$ENVSPEC_RUN_ID"'
)


def agent_scores(repeats: int) -> list[float]:
    """What :data:`AGENT`'s runs 1..repeats score, normalised (sorted; garbage counts 0)."""
    return sorted(
        0.0 if n % 5 == 0 else max(0.0, 1 - abs(3 * n - 42) / 42) for n in range(1, repeats + 1)
    )


def write_spec(folder: Path, entries: list[dict[str, Any]], **top: Any) -> Path:
    """A batch spec file in ``folder`` (backend docker unless ``top`` says otherwise)."""
    path = folder / "batch.yaml"
    path.write_text(yaml.safe_dump({"backend": "docker", **top, "entries": entries}))
    return path


def brute_score_at_k(values: list[float], k: int) -> float:
    """The mean best of every k-subset: score@k by brute force."""
    return statistics.fmean(max(c) for c in combinations(values, k))


def results(out: Path) -> dict[str, dict[str, Any]]:
    """Every run result a batch wrote, by run id."""
    return {
        p.stem: json.loads(p.read_text())
        for p in (out / "runs").glob("*.json")
        if not p.name.endswith(".scores.json")
    }


def normalised_by_entry(out: Path) -> dict[str, list[float]]:
    """Each entry's normalised scores read from the runs' result files (no score: 0)."""
    found = results(out)
    by_entry: dict[str, list[float]] = {}
    for event in (e for e in journal_events(out) if e["event"] == "done"):
        score = found[event["run"]]["score"]
        by_entry.setdefault(event["entry"], []).append(score["normalised"] or 0.0)
    return by_entry


def check_score_at_k(group: dict[str, Any], values: list[float]) -> None:
    """A summary group's score@k points equal brute force over ``values`` for k = 1..n, with
    intervals inside [0, 1] around them."""
    points = group["score_at_k"]["points"]
    assert [p["k"] for p in points] == list(range(1, len(values) + 1))
    for p in points:
        assert p["score"] == pytest.approx(brute_score_at_k(values, p["k"]), abs=1e-9)
        assert 0 <= p["low"] <= p["high"] <= 1
