"""Aggregation of scores: a run's final raw score, normalisation, the mean over runs."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from envspec.models.score import ScoreRecord

__all__ = [
    "AGGREGATIONS",
    "DIRECTIONS",
    "final_raw_score",
    "is_finite",
    "mean_normalised",
    "normalise",
]

# Plain strings, as in the manifest model; every function checks them.
AGGREGATIONS = ("best", "last")
DIRECTIONS = ("minimise", "maximise")


def final_raw_score(
    records: Iterable[ScoreRecord], *, aggregation: str, direction: str
) -> float | None:
    """The run's final raw score: the best or the last valid score taken within budget.

    Invalid records and records outside budget never count. None when no record counts: the
    run has no score, which is not 0 (0 may be an excellent raw score, e.g. on a log scale).

    Raises:
        ValueError: ``aggregation`` or ``direction`` is unknown.
    """
    if aggregation not in AGGREGATIONS:
        raise ValueError(f"unknown aggregation {aggregation!r}: use 'best' or 'last'")
    if direction not in DIRECTIONS:
        raise ValueError(f"unknown direction {direction!r}: use 'minimise' or 'maximise'")
    counted = [r for r in records if r.counts]
    if not counted:
        return None
    if aggregation == "last":
        chosen = max(counted, key=lambda r: r.seq)
    else:
        pick = min if direction == "minimise" else max
        chosen = pick(counted, key=lambda r: r.score or 0.0)
    return chosen.score


def normalise(raw: float, starting: float, reference: float, *, floor: bool = True) -> float:
    """``(raw - starting) / (reference - starting)``, floored at 0 unless ``floor=False``.

    0 is the starting solution (or worse), 1 the reference; beating the reference exceeds 1.
    Works for either direction: a minimised metric has reference < starting.

    Raises:
        ValueError: an argument is not finite, or starting equals reference.
    """
    if not all(is_finite(x) for x in (raw, starting, reference)):
        raise ValueError(f"cannot normalise non-finite scores ({raw}, {starting}, {reference})")
    if starting == reference:
        raise ValueError(f"starting and reference scores are equal ({starting})")
    value = (raw - starting) / (reference - starting)
    return max(0.0, value) if floor else value


def mean_normalised(values: Iterable[float | None]) -> float | None:
    """The mean of the normalised scores of several runs, leaving out runs with no score (None).

    None when no run has a score.
    """
    scored = [v for v in values if v is not None]
    return math.fsum(scored) / len(scored) if scored else None


def is_finite(value: float) -> bool:
    """Whether ``value`` is a finite number (an int too large for a float is not)."""
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too large for a float
        return False
