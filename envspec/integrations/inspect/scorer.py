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
from envspec.runtime import runs

#: the keys of each sample's score value
KEYS = ("normalised", "raw", "valid")


@metric
def scored_mean() -> Metric:
    """Mean over the samples that have a value: a run with no valid score is "no score"
    (NaN here), never 0, so it is left out rather than averaged in."""

    def compute(scores: list[SampleScore]) -> float:
        values = [
            float(s.score.value)
            for s in scores
            if isinstance(s.score.value, int | float) and not math.isnan(float(s.score.value))
        ]
        return sum(values) / len(values) if values else math.nan

    return compute


@scorer(metrics={key: [scored_mean()] for key in KEYS})
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
