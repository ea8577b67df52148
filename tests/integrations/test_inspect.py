"""A real `inspect eval` of the tiny environment through the `envspec` sandbox (docker backend).

Inspect finds the sandbox and the task through envspec's entry point, its mock model stands in
for an LLM, and a solver writes the reference (or nothing: the starting solution) through the
sandbox and calls the `score` tool. The Inspect log must show what the runtime measured.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from envspec.models.reference import RegistryTarget
from envspec.oci.push import push_environment
from envspec.runtime import runstore
from tests.support.fixtures import TINY

pytestmark = pytest.mark.integration

SOLVERS = Path(__file__).with_name("inspect_solvers.py")
INSPECT = Path(sys.executable).with_name("inspect")


@pytest.fixture()
def tiny_in_layout(tmp_path: Path, python_base: str) -> str:
    """The tiny environment pushed to an OCI layout in a temp dir; its pinned reference."""
    target = RegistryTarget(store=str(tmp_path / "store"))
    return str(push_environment(TINY, target).environment)


def _inspect_eval(
    ref: str, logs: Path, cwd: Path, *solver_args: str, solver: str = f"{SOLVERS}@write_and_score"
) -> Any:
    from inspect_ai.log import list_eval_logs, read_eval_log

    argv = [str(INSPECT), "eval", "envspec/envspec_task", "-T", f"ref={ref}"]
    argv += ["-T", "variant=lite", "-T", "backend=docker", "--model", "mockllm/model"]
    argv += ["--solver", solver, *solver_args]
    argv += ["--log-dir", str(logs), "--display", "plain"]
    # cwd outside the checkout: Inspect names a package's tasks by its installed metadata
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    [info] = list_eval_logs(str(logs))
    return read_eval_log(info)


def test_inspect_eval_scores_reference_one_and_starting_zero(
    tiny_in_layout: str, tmp_path: Path
) -> None:
    before = {r.id for r in runstore.all_runs()}
    ref_log = _inspect_eval(
        tiny_in_layout, tmp_path / "logs-ref", tmp_path, "-S", f"files={TINY / 'reference'}"
    )
    assert ref_log.status == "success", ref_log.error
    assert ref_log.eval.sandbox.type == "envspec"
    [sample] = ref_log.samples
    # the sample's input is the environment's instructions, read from its agent image
    assert "Write a single integer to `answer.txt`" in str(sample.input)
    value = sample.scores["envspec_scorer"].value
    assert math.isclose(value["normalised"], 1.0, abs_tol=1e-9)
    assert value["raw"] == 0.0 and value["valid"] == 1.0
    result = sample.scores["envspec_scorer"].metadata["envspec_result"]
    assert result["backend"] == "docker" and result["isolation"] == "container"
    assert result["score_log"]["verified"] and result["budget"]["scorer_calls"] == 1
    assert result["reference"] == tiny_in_layout
    # the aggregate over the runs (a run without a valid score would count 0 in normalised)
    [scores] = ref_log.results.scores
    metrics = {k: m.value for k, m in scores.metrics.items()}
    assert math.isclose(metrics["normalised"], 1.0) and metrics["valid"] == 1.0
    assert metrics["without_score"] == 0.0 and metrics["raw"] == 0.0

    # files and exec went through the runtime, as the agent
    assert sample.store["answer_read_back"] == "42\n"
    code, out = sample.store["probe"]
    assert code == 0 and out == "/tmp hello world agent\nfrom stdin"
    # the score tool answered with what a visible-score environment shows the agent
    [tool_msg] = [m for m in sample.messages if m.role == "tool"]
    view = json.loads(tool_msg.text)
    assert view["valid"] and view["score"] == 0.0 and view["normalised"] == 1.0

    # the starting solution, with a budget override given as a task argument, through the
    # solver envspec ships for a smoke test offline (the documented command)
    start_log = _inspect_eval(
        tiny_in_layout,
        tmp_path / "logs-start",
        tmp_path,
        "-T",
        "budgets={wall_time: 5m}",
        solver="envspec/submit_as_is",
    )
    assert start_log.status == "success", start_log.error
    [sample] = start_log.samples
    value = sample.scores["envspec_scorer"].value
    assert math.isclose(value["normalised"], 0.0, abs_tol=1e-9) and value["raw"] == 42.0
    result = sample.scores["envspec_scorer"].metadata["envspec_result"]
    assert result["budget"]["wall_time_s"] == 300 and not result["comparable"]
    assert start_log.eval.config.time_limit == 300
    # every run the evals started is finished and its sandbox gone
    started = [r for r in runstore.all_runs() if r.id not in before]
    assert len(started) == 2 and all(r.status == "finished" for r in started)


def test_hidden_scores_stay_hidden_and_no_score_is_not_zero(
    tmp_path: Path, python_base: str
) -> None:
    """In-process eval of a hidden-score copy: the agent's `score` tool shows validity and a
    message only, and a run without a valid score is reported as no score (NaN), never 0."""
    from inspect_ai import eval as inspect_eval
    from inspect_ai.log import read_eval_log

    from envspec.integrations.inspect import envspec_task
    from tests.integrations.inspect_solvers import write_and_score
    from tests.support.fixtures import copy_env, edit_env

    env = edit_env(
        copy_env(TINY, tmp_path / "hidden", name="tiny-hidden"),
        lambda m: m["scoring"].update(visibility="hidden"),
    )
    ref = str(push_environment(env, RegistryTarget(store=str(tmp_path / "store"))).environment)
    garbage = tmp_path / "garbage"
    garbage.mkdir()
    (garbage / "answer.txt").write_text("not a number\n")

    [log] = inspect_eval(
        envspec_task(ref, variant="lite", backend="docker", budgets={"scorer_calls": "5"}),
        solver=write_and_score(files=str(garbage)),
        model="mockllm/model",
        log_dir=str(tmp_path / "logs"),
        display="none",
    )
    log = read_eval_log(log.location)  # what a reader of the log file sees
    [sample] = log.samples
    [tool_msg] = [m for m in sample.messages if m.role == "tool"]
    view = json.loads(tool_msg.text)
    assert view["valid"] is False and "score" not in view and "normalised" not in view
    assert "reason" not in view  # a hidden environment's reason may quote the scorer
    value = sample.scores["envspec_scorer"].value
    assert value["valid"] == 0.0
    assert math.isnan(value["normalised"]) and math.isnan(value["raw"])
    # ... and the aggregate counts it as 0, saying that one run had no score
    [scores] = log.results.scores
    metrics = {k: m.value for k, m in scores.metrics.items()}
    assert metrics["normalised"] == 0.0 and metrics["without_score"] == 1.0
    assert metrics["valid"] == 0.0 and math.isnan(metrics["raw"])
    result = sample.scores["envspec_scorer"].metadata["envspec_result"]
    assert result["score"]["valid"] is False and result["comparable"] is False
    assert sample.metadata["visibility"] == "hidden"
