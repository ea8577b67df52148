"""Aggregation of scores: a run's final raw score, normalisation, the mean over runs.

Standard library only: Harbor exports ship this file on its own (``envspec_aggregate.py``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from envspec.models.score import ScoreRecord

__all__ = [
    "AGGREGATIONS",
    "DIRECTIONS",
    "RunsMean",
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


@dataclass(frozen=True)
class RunsMean:
    """The mean normalised score over several runs, and how many of them had no valid score.

    ``mean`` counts a run without a valid score as 0 (as RE-Bench did): leaving failed runs out
    would reward an agent that fails often but scores well when it does. None only when there
    are no runs at all.
    """

    mean: float | None
    n_runs: int
    n_without_score: int

    @property
    def n_scored(self) -> int:
        """How many runs had a valid score."""
        return self.n_runs - self.n_without_score

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "mean": self.mean,
            "n_runs": self.n_runs,
            "n_without_score": self.n_without_score,
        }


def mean_normalised(values: Iterable[float | None]) -> RunsMean:
    """The mean of the normalised scores of several runs; a run with no valid score (None)
    counts as 0 and is counted in ``n_without_score``.

    Only aggregates say 0 for a failed run: a single run's result keeps saying "no score"
    (:func:`final_raw_score` gives None), since 0 is a real score.

    Raises:
        ValueError: a value is not finite (NaN is not "no score": pass None).
    """
    scores = list(values)
    missing = sum(v is None for v in scores)
    given = [v for v in scores if v is not None]
    bad = [v for v in given if not is_finite(v)]
    if bad:
        raise ValueError(
            f"cannot average non-finite normalised scores {bad}: use None for no score"
        )
    mean = math.fsum(given) / len(scores) if scores else None
    return RunsMean(mean=mean, n_runs=len(scores), n_without_score=missing)


def is_finite(value: float) -> bool:
    """Whether ``value`` is a finite number (an int too large for a float is not)."""
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too large for a float
        return False
