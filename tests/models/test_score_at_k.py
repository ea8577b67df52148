"""score@k: the exact expected best of k runs (checked against every k-subset), bootstrap
intervals that hold the estimate, a random pick for hidden scores, and clear refusals."""

from __future__ import annotations

import statistics
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from envspec.models.aggregate import score_at_k, score_at_k_curve

scores = st.lists(st.floats(min_value=0, max_value=3, allow_nan=False), min_size=1, max_size=9)


@given(scores)
def test_score_at_k_is_the_mean_best_over_every_k_subset(values: list[float]) -> None:
    for k in range(1, len(values) + 1):
        brute = statistics.fmean(max(c) for c in combinations(values, k))
        assert score_at_k(values, k) == pytest.approx(brute, abs=1e-12)


@given(scores)
def test_the_curve_rises_and_its_intervals_hold_it(values: list[float]) -> None:
    curve = score_at_k_curve(values, resamples=200, seed=1)
    assert curve.k == tuple(range(1, len(values) + 1))
    assert all(a <= b + 1e-12 for a, b in zip(curve.score, curve.score[1:], strict=False))
    assert curve.score[-1] == pytest.approx(max(values))
    for low, s, high in zip(curve.low, curve.score, curve.high, strict=True):
        assert low <= high and min(values) - 1e-12 <= low and high <= max(values) + 1e-12
        del s  # the estimate need not lie inside a percentile interval of a skewed sample


def test_a_random_pick_is_the_mean_for_every_k_and_the_bootstrap_is_reproducible() -> None:
    values = [0.0, 0.2, 0.9, 0.4]
    curve = score_at_k_curve(values, random_pick=True, seed=3)
    assert curve.score == pytest.approx([statistics.fmean(values)] * 4)
    assert curve == score_at_k_curve(values, random_pick=True, seed=3)
    assert curve.to_dict()["points"][0] == {
        "k": 1,
        "score": curve.score[0],
        "low": curve.low[0],
        "high": curve.high[0],
    }


def test_refusals_say_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="at least one run"):
        score_at_k_curve([])
    with pytest.raises(ValueError, match="needs at least 3 runs"):
        score_at_k_curve([0.1, 0.2], 3)
    with pytest.raises(ValueError, match="use 0 for no score"):
        score_at_k_curve([float("nan")])
    with pytest.raises(ValueError, match="between 1 and 2"):
        score_at_k([0.1, 0.2], 0)
