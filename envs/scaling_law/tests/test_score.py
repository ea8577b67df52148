"""scaling_law's scorer on the host (no runtime): answers that once crashed it are invalid with
a message, and a truth that carries the operator's normalisation reports scores on that scale,
so that no raw score of this hidden scorer needs to be published."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from envspec.kit import scorer_kit
from envspec.schema import load_manifest
from tests.support.envs import load_module

ENV = Path(__file__).resolve().parents[1]
#: lite's family and target, as the runtime hands them to the scorer
PARAMS = load_manifest(ENV).variant("lite").parameters
TRUTH = {"widths": [24, 36, 48], "median": [4.5, 4.3, 4.4]}
#: the starting answer of lite (task/solution/starting/lite.json): 36 wide, its prediction 5.0
STARTING = {"n_embd": 36, "max_iters": 640, "loss_prediction": 5.0}


@pytest.fixture()
def score(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """score.py, with the kit and the scorer's folder importable as in its image."""
    monkeypatch.setitem(sys.modules, "scorer_kit", scorer_kit)
    monkeypatch.syspath_prepend(str(ENV / "scoring"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("ENVSPEC_ASSET_TRUTH", str(tmp_path / "truth"))
    (tmp_path / "truth").mkdir()
    return load_module(ENV / "scoring" / "score.py", "sl_score")


def _score(score: Any, tmp_path: Path, answer: str, truth: dict[str, Any]) -> dict[str, Any]:
    (tmp_path / "truth" / "truth.json").write_text(json.dumps(truth))
    solution = tmp_path / "solution"
    solution.mkdir(exist_ok=True)
    (solution / "answer.json").write_text(answer)
    result: dict[str, Any] = score.score(PARAMS, solution)
    return result


@pytest.mark.parametrize(
    "answer",
    [
        '{"n_embd": 36, "max_iters": 640, "loss_prediction": 1' + "0" * 400 + "}",
        "[" * 1500 + "]" * 1500,
        '{"n_embd": 36, "max_iters": 1' + "0" * 300 + ', "loss_prediction": 4.0}',
        '{"n_embd": 36, "max_iters": 640, "loss_prediction": true}',
    ],
)
def test_odd_answers_are_invalid_with_a_message(score: Any, tmp_path: Path, answer: str) -> None:
    with pytest.raises(scorer_kit.Invalid) as e:
        _score(score, tmp_path, answer, TRUTH)
    assert str(e.value) and "Traceback" not in str(e.value)


def test_the_truths_normalisation_puts_starting_at_0_and_reference_at_1(
    score: Any, tmp_path: Path
) -> None:
    raw = _score(score, tmp_path, json.dumps(STARTING), TRUTH)
    # the leak this closes: a prediction above the answer's loss cancels it out of the raw score
    assert raw["score"] == pytest.approx(1 - 5.0 + min(TRUTH["median"]))
    better = {"n_embd": 36, "max_iters": 640, "loss_prediction": 4.35}
    raw_better = _score(score, tmp_path, json.dumps(better), TRUTH)["score"]
    norm = {"starting": raw["score"], "reference": raw_better}
    truth = {**TRUTH, "normalisation": norm}
    starting = _score(score, tmp_path, json.dumps(STARTING), truth)
    reference = _score(score, tmp_path, json.dumps(better), truth)
    assert starting["score"] == pytest.approx(0.0) and reference["score"] == pytest.approx(1.0)
    assert starting["message"] == raw["message"]  # the agent reads the same either way
