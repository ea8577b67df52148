"""Aggregation of scores: a run's final raw score, normalisation, the mean over runs, and
score@k (the expected best of k runs) with bootstrap intervals.

Standard library only: Harbor exports ship this file on its own (``envspec_aggregate.py``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from envspec.models.score import ScoreRecord

__all__ = [
    "AGGREGATIONS",
    "DIRECTIONS",
    "RunsMean",
    "ScoreAtK",
    "final_raw_score",
    "is_finite",
    "mean_normalised",
    "normalise",
    "score_at_k",
    "score_at_k_curve",
]

# Plain strings, as in the manifest model; every function checks them.
AGGREGATIONS = ("best", "last", "final")
DIRECTIONS = ("minimise", "maximise")


def final_raw_score(
    records: Iterable[ScoreRecord], *, aggregation: str, direction: str
) -> float | None:
    """The run's final raw score: the best or the last valid score taken within budget, or
    (``final``) the score of the scoring at the run's end alone, so that no earlier, luckier
    scoring can stand in for an invalid final one.

    Invalid records and records outside budget never count. None when no record counts: the
    run has no score, which is not 0 (0 may be an excellent raw score, e.g. on a log scale).

    Raises:
        ValueError: ``aggregation`` or ``direction`` is unknown.
    """
    if aggregation not in AGGREGATIONS:
        raise ValueError(f"unknown aggregation {aggregation!r}: use 'best', 'last' or 'final'")
    if direction not in DIRECTIONS:
        raise ValueError(f"unknown direction {direction!r}: use 'minimise' or 'maximise'")
    counted = [r for r in records if r.counts]
    if aggregation == "final":
        counted = [r for r in counted if r.kind == "final"]
    if not counted:
        return None
    if aggregation in ("last", "final"):
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


def score_at_k(values: Sequence[float], k: int) -> float:
    """The expected best of ``k`` runs drawn without replacement from ``values`` (one
    normalised score per run, 0 for a run without a valid score): the unbiased estimator
    RE-Bench's best-of-k curves use, exact over every k-subset.

    Raises:
        ValueError: ``k`` is not between 1 and ``len(values)``.
    """
    n = len(values)
    if not 1 <= k <= n:
        raise ValueError(f"score@{k} needs between 1 and {n} runs")
    return math.fsum(w * v for w, v in zip(_best_of_weights(n, k), sorted(values), strict=True))


def _best_of_weights(n: int, k: int) -> list[float]:
    """Weight of the i-th smallest of n values in the mean of the maxima of all k-subsets:
    the share of subsets whose maximum it is, C(i, k-1) / C(n, k) for i = 0..n-1."""
    total = math.comb(n, k)
    return [math.comb(i, k - 1) / total for i in range(n)]


@dataclass(frozen=True)
class ScoreAtK:
    """score@k for k = 1..K over one group of runs, with bootstrap intervals.

    ``random_pick``: the environment's score is hidden from the agent (the last answer
    counts), so best-of-k by score is not what an agent could do; as in the RE-Bench paper, one
    of the k runs is taken at random, whose expectation is the mean for every k.
    """

    k: tuple[int, ...]
    score: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    level: float
    resamples: int
    random_pick: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: one row per k."""
        rows = zip(self.k, self.score, self.low, self.high, strict=True)
        return {
            "level": self.level,
            "resamples": self.resamples,
            "random_pick": self.random_pick,
            "points": [{"k": k, "score": s, "low": lo, "high": hi} for k, s, lo, hi in rows],
        }


def score_at_k_curve(
    values: Sequence[float],
    max_k: int | None = None,
    *,
    random_pick: bool = False,
    resamples: int = 1000,
    level: float = 0.95,
    seed: int = 0,
) -> ScoreAtK:
    """score@k for k = 1..``max_k`` (default: every run) with percentile bootstrap intervals:
    the runs resampled with replacement ``resamples`` times (a fixed ``seed``: a report is
    reproducible), the estimator recomputed on each resample.

    Raises:
        ValueError: no runs, ``max_k`` above their number, a non-finite value or a bad level.
    """
    n = len(values)
    if n == 0:
        raise ValueError("score@k needs at least one run")
    if any(not is_finite(v) for v in values):
        raise ValueError(f"cannot aggregate non-finite scores {list(values)}: use 0 for no score")
    if not 0 < level < 1:
        raise ValueError(f"level must be between 0 and 1, not {level}")
    top = n if max_k is None else max_k
    if not 1 <= top <= n:
        raise ValueError(f"score@{top} needs at least {top} runs; there are {n}")
    ks = tuple(range(1, top + 1))
    weights = [[1.0 / n] * n if random_pick else _best_of_weights(n, k) for k in ks]

    def curve(sample: Sequence[float]) -> list[float]:
        ordered = sorted(sample)
        return [math.fsum(w * v for w, v in zip(ws, ordered, strict=True)) for ws in weights]

    rng = random.Random(seed)
    boot = [curve(rng.choices(values, k=n)) for _ in range(resamples)]
    lows, highs = [], []
    for j in range(len(ks)):
        column = sorted(b[j] for b in boot)
        lows.append(_percentile(column, (1 - level) / 2))
        highs.append(_percentile(column, 1 - (1 - level) / 2))
    return ScoreAtK(
        ks, tuple(curve(values)), tuple(lows), tuple(highs), level, resamples, random_pick
    )


def _percentile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values, interpolated linearly between neighbours."""
    if not ordered:
        return math.nan
    pos = q * (len(ordered) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)
