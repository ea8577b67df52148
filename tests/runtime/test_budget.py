"""A run's limits: the variant's budgets with the operator's overrides, each named as the
manifest names it; an unknown name is refused with the names that exist."""

from __future__ import annotations

import pytest

from envspec.errors import BadInput
from envspec.models.manifest import Budgets
from envspec.runtime.budget import limits_for

BUDGETS = Budgets(
    wall_time="2h", scorer_calls=6, units={"judge_tokens": 2e6}, requests={"judge": 2000}
)


def test_the_variants_budgets_with_overrides() -> None:
    same = limits_for(BUDGETS)
    assert (same.wall_time_s, same.scorer_calls, same.overridden) == (7200, 6, ())
    assert same.units == {"judge_tokens": 2e6} and same.requests == {"judge": 2000}
    changed = limits_for(BUDGETS, {"requests.judge": "50", "judge_tokens": "1e4"})
    assert changed.requests == {"judge": 50} and changed.units == {"judge_tokens": 1e4}
    assert changed.overridden == ("judge_tokens", "requests.judge")


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ({"requests.juge": "5"}, "unknown budget 'requests.juge'"),
        ({"requests.judge": "many"}, "bad value 'many' for budget requests.judge"),
    ],
)
def test_a_bad_override_is_refused_with_the_names_that_exist(
    override: dict[str, str], message: str
) -> None:
    with pytest.raises(BadInput) as raised:
        limits_for(BUDGETS, override)
    assert message in str(raised.value)
    if "unknown" in message:
        assert "requests.judge" in str(raised.value.hint) and "judge_tokens" in str(
            raised.value.hint
        )
