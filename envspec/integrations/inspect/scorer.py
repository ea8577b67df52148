"""The Inspect scorer: the runtime's final result (raw, normalised, validity) for each sample."""

from __future__ import annotations

import math
from typing import Any

import anyio.to_thread
from inspect_ai.scorer import (
    Metric,
    SampleScore,
    Score,
    Scorer,
    Target,
    metric,
    scorer,
)
from inspect_ai.solver import TaskState
from inspect_ai.util import sandbox

from envspec.integrations.inspect.sandbox import EnvspecSandboxEnvironment
from envspec.models.aggregate import mean_normalised
from envspec.runtime import runs

#: the keys of each sample's score value
KEYS = ("normalised", "raw", "valid")
#: the keys of the metric over the samples (:func:`run_means`)
METRIC_KEYS = ("normalised", "without_score", "valid", "raw")


@metric(scores="unreduced")
def run_means() -> Metric:
    """The aggregate over the runs (each sample's each epoch is one run):

    - ``normalised``: the mean normalised score, **a run with no valid score counting 0**
      (:func:`envspec.models.aggregate.mean_normalised`); NaN when a run that has a valid
      score has no normalised one (the variant is not calibrated);
    - ``without_score``: how many runs had no valid score;
    - ``valid``: the fraction of runs with a valid score;
    - ``raw``: the mean raw score over the runs that have one (a raw score has no value that
      means "failed": 0 may be an excellent score), NaN when none has.

    Each sample's own value still says "no score" (NaN), never 0.
    """

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        values = [_value(s) for s in scores]
        valid = [v for v in values if v["valid"]]
        uncalibrated = any(math.isnan(v["normalised"]) for v in valid)
        runs = mean_normalised(
            (0.0 if uncalibrated else v["normalised"]) if v["valid"] else None for v in values
        )
        raws = [v["raw"] for v in valid]
        return {
            "normalised": math.nan if uncalibrated or runs.mean is None else runs.mean,
            "without_score": float(runs.n_without_score),
            "valid": len(valid) / len(values) if values else math.nan,
            "raw": math.fsum(raws) / len(raws) if raws else math.nan,
        }

    return compute


def _value(sample: SampleScore) -> dict[str, float]:
    """A sample's ``{normalised, raw, valid}``; a value of another shape is a run without a
    score (NaN, or an error Inspect put in its place)."""
    value = sample.score.value
    if not isinstance(value, dict):
        return {"normalised": math.nan, "raw": math.nan, "valid": 0.0}
    out = {k: float(value.get(k, math.nan)) for k in KEYS}
    out["valid"] = 1.0 if out["valid"] == 1.0 and not math.isnan(out["raw"]) else 0.0
    return out


@scorer(metrics=[run_means()])
def envspec_scorer() -> Scorer:
    """Finish the sample's run (final scoring, release everything) and report its result."""

    async def score(state: TaskState, target: Target) -> Score:
        env = sandbox().as_type(EnvspecSandboxEnvironment)
        result: dict[str, Any] = await anyio.to_thread.run_sync(runs.finish_run, env.run_id)
        return score_from_result(result)

    return score


def score_from_result(result: dict[str, Any]) -> Score:
    """An Inspect score from a run result: ``valid`` 1/0; ``raw`` and ``normalised`` NaN when
    there is no valid score (or no calibration), so that no-score never reads as 0."""
    s = result["score"]
    raw, normalised = s["raw"], s["normalised"]
    value: dict[str, float] = {
        "normalised": math.nan if normalised is None else float(normalised),
        "raw": math.nan if raw is None else float(raw),
        "valid": 1.0 if s["valid"] else 0.0,
    }
    explanation = (
        f"raw {raw} ({s['direction']}, {s['aggregation']}), normalised {normalised}"
        if s["valid"]
        else "no valid score within the budget"
    )
    return Score(
        value=value,
        answer=None,
        explanation=explanation,
        metadata={"envspec_result": result},
    )
