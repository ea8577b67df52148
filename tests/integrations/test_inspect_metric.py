"""The Inspect metric over runs, without an eval: a run with no valid score counts as 0 in the
normalised mean and is counted, while its own sample value still says "no score" (NaN)."""

from __future__ import annotations

import math
from typing import Any

import pytest

pytest.importorskip("inspect_ai")

from inspect_ai.scorer import SampleScore, Score

from envspec.integrations.inspect.scorer import (
    METRIC_KEYS,
    run_means,
    score_from_result,
)


def _result(raw: float | None, normalised: float | None) -> dict[str, Any]:
    score = {"raw": raw, "normalised": normalised, "valid": raw is not None}
    return {"score": score | {"direction": "minimise", "aggregation": "best"}}


def _samples(*results: dict[str, Any]) -> list[SampleScore]:
    return [
        SampleScore(score=score_from_result(r), sample_id=1, sample_metadata=None) for r in results
    ]


def test_a_run_without_score_counts_as_zero_in_the_mean() -> None:
    samples = _samples(_result(0.3, 0.5), _result(None, None), _result(0.1, 1.0))
    assert math.isnan(samples[1].score.value["normalised"])  # type: ignore[index]
    metrics = run_means()(samples)
    assert isinstance(metrics, dict) and set(metrics) == set(METRIC_KEYS)
    assert metrics["normalised"] == pytest.approx(0.5)  # (0.5 + 0 + 1) / 3
    assert metrics["without_score"] == 1.0
    assert metrics["valid"] == pytest.approx(2 / 3)
    assert metrics["raw"] == pytest.approx(0.2)  # raw: over the runs that have one


def test_no_run_with_a_score() -> None:
    metrics = run_means()(_samples(_result(None, None), _result(None, None)))
    assert isinstance(metrics, dict)
    assert metrics["normalised"] == 0.0 and metrics["without_score"] == 2.0
    assert metrics["valid"] == 0.0 and math.isnan(metrics["raw"])


def test_uncalibrated_runs_have_no_normalised_mean() -> None:
    # a valid run without a normalised score (no calibration): the mean cannot be computed
    metrics = run_means()(_samples(_result(0.3, None), _result(None, None)))
    assert isinstance(metrics, dict)
    assert math.isnan(metrics["normalised"]) and metrics["without_score"] == 1.0
    assert metrics["raw"] == pytest.approx(0.3)


def test_a_sample_inspect_could_not_score_counts_as_a_run_without_score() -> None:
    odd = SampleScore(score=Score(value=math.nan), sample_id=2, sample_metadata=None)
    metrics = run_means()([*_samples(_result(0.3, 1.0)), odd])
    assert isinstance(metrics, dict)
    assert metrics["normalised"] == pytest.approx(0.5) and metrics["without_score"] == 1.0
