"""The aggregate of a batch folder: per entry (one environment, variant and solution or
agent) the raw and normalised scores of its runs and score@k for k = 1..K with bootstrap
intervals. A run without a valid score counts 0; hidden-score environments get a random
pick instead of the best of k (as the RE-Bench paper did)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from envspec.models.aggregate import mean_normalised, score_at_k_curve
from envspec.runtime.batch import journal_events

__all__ = ["summarise"]


def summarise(out: Path, *, max_k: int | None = None, seed: int = 0) -> dict[str, Any]:
    """The batch in ``out`` aggregated (JSON-ready); ``max_k`` caps score@k's k (default:
    every run of a group)."""
    events = journal_events(out)
    done = {e["trial"]: e for e in events if e.get("event") == "done"}
    started = next((e for e in reversed(events) if e.get("event") == "batch"), None)
    failed = {e["trial"] for e in events if e.get("event") == "error"} - set(done)
    groups: dict[str, list[dict[str, Any]]] = {}
    for event in done.values():
        groups.setdefault(event["entry"], []).append(event)
    return {
        "schema": "envspec-batch-summary-v1",
        "trials": started["trials"] if started else len(done),
        "done": len(done),
        "errors": len(failed),
        "groups": [_group(name, members, max_k, seed) for name, members in groups.items()],
        "runs": sorted(done.values(), key=lambda e: e["time"]),
    }


def _group(
    name: str, members: list[dict[str, Any]], max_k: int | None, seed: int
) -> dict[str, Any]:
    first = members[0]
    normalised = [m["normalised"] for m in members]
    calibrated = all(m["normalisation"] is not None for m in members)
    curve = None
    if calibrated:
        values = [0.0 if v is None else float(v) for v in normalised]
        top = min(max_k or len(values), len(values))
        hidden = first["visibility"] == "hidden"
        curve = score_at_k_curve(values, top, random_pick=hidden, seed=seed).to_dict()
    mean = mean_normalised(normalised)
    return {
        "entry": name,
        "environment": first["environment"],
        "variant": first["variant"],
        "kind": first["kind"],
        "visibility": first["visibility"],
        "calibrated": calibrated,
        "runs": len(members),
        "without_score": mean.n_without_score,
        "mean": mean.mean if calibrated else None,
        "raw": [m["raw"] for m in members],
        "normalised": normalised,
        "score_at_k": curve,
        "note": None if calibrated else "the variant is not calibrated: no normalised score",
    }
