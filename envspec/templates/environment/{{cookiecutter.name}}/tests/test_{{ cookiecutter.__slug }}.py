"""This environment's own tests: the scorer on the starting and reference solutions, on bad
submissions and on the symlink exploit (on the host, in seconds); then `envspec check`, which
builds the images and runs everything through the runtime (needs a Docker engine)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from envspec.constants import KIT_SOURCE
from envspec.schema import load_manifest

ENV = Path(__file__).resolve().parents[1]


def score(solution: Path, tmp_path: Path) -> dict[str, object]:
    """Run scoring/score.py on a solution folder as the runtime would; its JSON result."""
    result = tmp_path / "result.json"
    env = {
        **os.environ,
        "ENVSPEC_SOLUTION": str(solution),
        "ENVSPEC_RESULT": str(result),
        "ENVSPEC_PARAMETERS": json.dumps(dict(load_manifest(ENV).variant("default").parameters)),
        "PYTHONPATH": str(KIT_SOURCE.parent),  # the scorer kit, as in the scorer image
    }
    cmd = [sys.executable, str(ENV / "scoring" / "score.py")]
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    return dict(json.loads(result.read_text()))


def test_starting_and_reference_score_as_calibrated(tmp_path: Path) -> None:
    norm = load_manifest(ENV).variant("default").normalisation
    assert norm is not None
    assert score(ENV / "task" / "solution", tmp_path)["score"] == norm.starting
    assert score(ENV / "reference", tmp_path)["score"] == norm.reference


@pytest.mark.parametrize("folder", ["task/solution", "reference"])
def test_predict_reproduces_the_predictions(folder: str, tmp_path: Path) -> None:
    shutil.copy(ENV / folder / "predict.py", tmp_path)
    cmd = [sys.executable, str(tmp_path / "predict.py"), str(ENV / "task" / "data")]
    subprocess.run(cmd, check=True)
    want = (ENV / folder / "predictions.csv").read_text()
    assert (tmp_path / "predictions.csv").read_text() == want


def test_data_is_reproducible(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(ENV / "scoring" / "make_data.py"), str(tmp_path)], check=True
    )
    for rel in ("task/data/train.csv", "task/data/test.csv", "scoring/hidden/test_labels.csv"):
        assert (tmp_path / rel).read_text() == (ENV / rel).read_text(), rel


@pytest.mark.parametrize(
    "content",
    [None, "", "0\n" * 100, "y\n" + "1.0\n" * 99, "y\n" + "nan\n" * 100, "y\n" + "one\n" * 100],
    ids=["missing", "empty", "no-header", "too-few", "nan", "not-a-number"],
)
def test_bad_predictions_are_invalid(content: str | None, tmp_path: Path) -> None:
    solution = tmp_path / "solution"
    solution.mkdir()
    if content is not None:
        (solution / "predictions.csv").write_text(content)
    result = score(solution, tmp_path)
    assert result["valid"] is False and result["reason"], result


def test_a_link_to_the_labels_is_invalid(tmp_path: Path) -> None:
    """exploits/symlink_labels.sh on the host: the link points at the real labels file."""
    solution = tmp_path / "solution"
    solution.mkdir()
    (solution / "predictions.csv").symlink_to(ENV / "scoring" / "hidden" / "test_labels.csv")
    result = score(solution, tmp_path)
    assert result["valid"] is False, result


def test_envspec_check_finds_no_errors() -> None:
    """Builds both images, lists the agent image's files, scores the starting and reference
    solutions and every exploit through the runtime (skipped without a Docker engine, except
    in CI; `-k "not envspec_check"` leaves it out)."""
    from envspec.authoring.check import check_environment
    from envspec.errors import EngineError
    from envspec.oci import engine

    try:
        engine.client()
    except EngineError as e:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no Docker engine: {e}")
    report = check_environment(ENV)
    assert not report.errors, "\n".join(str(f) for f in report.errors)
