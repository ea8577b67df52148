"""The run lifecycle through the docker backend, on the real engine."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from envspec import constants
from envspec.oci import engine
from envspec.runtime import runs, runstore
from envspec.runtime.budget import BudgetExceeded
from envspec.schema import schema_path

pytestmark = pytest.mark.integration


def _labelled(run_id: str) -> tuple[list[Any], list[Any]]:
    flt = {"label": f"{constants.LABEL_RUN}={run_id}"}
    client = engine.client()
    return client.containers.list(all=True, filters=flt), client.volumes.list(filters=flt)


def _sh(run_id: str, script: str) -> tuple[int, str]:
    r = runs.exec_in_run(run_id, ["sh", "-c", script], timeout=60)
    return r.exit_code, (r.stdout + r.stderr).decode()


def test_lifecycle_scores_start_and_reference(publish: Callable[..., str]) -> None:
    ref = publish()
    run = runs.start_run(ref, backend="docker")
    assert run.status == "running" and run.isolation == "container"
    assert _sh(run.id, "whoami; pwd; cat answer.txt") == (0, "agent\n/home/agent/solution\n0\n")

    first = runs.score_run(run.id).agent_view()
    assert first["valid"] and first["score"] == 42.0 and first["normalised"] == 0.0
    assert _sh(run.id, "echo 42 > answer.txt")[0] == 0
    second = runs.score_run(run.id).agent_view()
    assert second["score"] == 0.0 and second["normalised"] == 1.0
    assert _sh(run.id, "echo 40 > answer.txt")[0] == 0  # worse; best-of aggregation keeps 0

    result = runs.finish_run(run.id)
    jsonschema.validate(result, json.loads(schema_path("run-result-v1").read_text()))
    assert result["score"] == {
        "raw": 0.0,
        "normalised": 1.0,
        "valid": True,
        "aggregation": "best",
        "direction": "minimise",
    }
    assert result["isolation"] == "container" and result["comparable"]
    assert result["digests"]["environment"] in ref
    assert result["score_log"]["verified"] and result["score_log"]["records"] == 3
    assert result["budget"]["scorer_calls"] == 2
    assert _labelled(run.id) == ([], [])
    assert runs.finish_run(run.id) == result  # idempotent


def test_invalid_and_failing_scorers_are_invalid_never_zero(publish: Callable[..., str]) -> None:
    ref = publish(
        "slow",
        lambda m: (
            m["variants"]["lite"]["parameters"].update(delay_s=5)
            or m["scoring"].update(timeout="2s")
        ),
    )
    run = runs.start_run(ref, backend="docker")
    view = runs.score_run(run.id).agent_view()
    assert not view["valid"] and "timed out" in view["reason"]
    result = runs.finish_run(run.id)
    assert result["score"]["raw"] is None and result["score"]["normalised"] is None
    assert not result["score"]["valid"]

    ref = publish()
    run = runs.start_run(ref, backend="docker")
    _sh(run.id, "echo not-a-number > answer.txt")
    view = runs.score_run(run.id).agent_view()
    assert not view["valid"] and "integer" in view["reason"]
    runs.finish_run(run.id)


def test_hidden_scores_never_reach_the_agent(publish: Callable[..., str]) -> None:
    ref = publish("hidden", lambda m: m["scoring"].update(visibility="hidden"))
    run = runs.start_run(ref, backend="docker")
    _sh(run.id, "echo 123456789 > answer.txt")  # raw score 123456747; the scorer prints "target"
    seen = [json.dumps(runs.score_run(run.id).agent_view())]
    seen += [json.dumps(runs.read_log(run.id))]
    seen += [_sh(run.id, "ls -la / /tmp; env")[1]]
    for text in seen:
        assert "123456747" not in text and "target" not in text
    full = json.dumps(runs.read_log(run.id, full=True))
    assert "123456747" in full and "target is 42" in full  # operators see everything
    runs.finish_run(run.id)


def test_agent_cannot_reach_scorer_log_or_engine(publish: Callable[..., str]) -> None:
    ref = publish()
    run = runs.start_run(ref, backend="docker")
    runs.score_run(run.id)
    home = str(constants.envspec_home())
    _code, out = _sh(
        run.id,
        "ls /var/run/docker.sock /run/docker.sock 2>&1;"
        "ls -d /scoring 2>&1; find / -name 'score.log' -o -name 'target.txt' 2>/dev/null;"
        f"ls {home} 2>&1;"
        "for d in / /etc /usr /home /tmp /var /opt; do touch $d/x 2>/dev/null && echo W:$d; done;"
        "cat /proc/1/cmdline | tr '\\0' ' '; echo; id -u",
    )
    assert "No such file" in out and "W:/etc" not in out and "W:/usr" not in out
    assert "score.log" not in out and "target.txt" not in out and "/scoring\n" not in out
    assert out.strip().endswith("1000")  # not root
    assert runs.verify_run(run.id)["ok"]
    runs.finish_run(run.id)


def test_deadline_holds_with_no_envspec_process(publish: Callable[..., str]) -> None:
    ref = publish()
    run = runs.start_run(ref, backend="docker", budgets={"wall_time": "4s"})
    assert runs.score_run(run.id).record.valid
    containers, _ = _labelled(run.id)
    assert len(containers) == 1
    # the agent cannot stop the deadline: PID 1 and its sleep are not its processes
    stop_all = (
        "kill -STOP 1; for p in /proc/[0-9]*; do grep -q '^Name:.sleep' $p/status 2>/dev/null"
        " && kill -STOP ${p#/proc/}; done"
    )
    stop = runs.exec_in_run(run.id, ["sh", "-c", stop_all])
    assert stop.stderr.count(b"not permitted") >= 2, stop
    time.sleep(6)  # nothing of envspec runs now: the container's own PID 1 ends it
    deadline = time.time() + 10
    while _labelled(run.id)[0] and time.time() < deadline:
        time.sleep(0.2)
    assert _labelled(run.id)[0] == []
    with pytest.raises(BudgetExceeded):
        runs.score_run(run.id)
    with pytest.raises(BudgetExceeded):
        runs.exec_in_run(run.id, ["true"])
    result = runs.finish_run(run.id)
    assert result["score"]["raw"] == 42.0 and not result["comparable"]
    assert result["budget_overrides"] == ["wall_time"]
    assert _labelled(run.id) == ([], [])


def test_sigkill_during_start_leaks_nothing(publish: Callable[..., str], tmp_path: Path) -> None:
    ref = publish()
    env = {**os.environ, "ENVSPEC_TEST_PAUSE_AT": "after-start", "ENVSPEC_TEST_PAUSE_S": "60"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "envspec.cli.main", "run", ref, "--backend", "docker"], env=env
    )
    run_id = ""
    deadline = time.time() + 60
    while time.time() < deadline and not run_id:
        for r in runstore.all_runs():
            if r.status == "starting" and r.owner_pid == proc.pid and r.backend_state.get("volume"):
                run_id = r.id
        time.sleep(0.2)
    assert run_id, "the run never reached the pause point"
    assert _labelled(run_id)[0], "the agent container should exist while starting"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    runs.gc()  # what the next mutating command (run, exec, score, finish, gc) does first
    assert _labelled(run_id) == ([], [])
    assert runstore.load(run_id).status == "failed"


def test_links_in_the_solution_never_reach_the_scorer(publish: Callable[..., str]) -> None:
    """A link to the scorer's hidden file (inside the scorer image) is refused by the runtime's
    snapshot before any scorer code runs; so is a link to a host-style path or a FIFO."""
    run = runs.start_run(publish(), backend="docker")
    try:
        for make in (
            "ln -sf /scoring/hidden/target.txt answer.txt",
            "rm -f answer.txt; mkdir -p sub && ln -sf /etc/shadow sub/x && echo 42 > answer.txt",
            "rm -rf answer.txt sub; mkfifo answer.txt",
        ):
            runs.exec_in_run(run.id, ["sh", "-c", make])
            view = runs.score_run(run.id).agent_view()
            assert view["valid"] is False, (make, view)
            assert "only regular files and folders" in str(view["reason"]), view
            assert "42" not in str(view["reason"])
    finally:
        runs.finish_run(run.id)


def test_a_flood_of_output_is_capped_not_held(publish: Callable[..., str]) -> None:
    """An agent command that prints more than the limit: the first EXEC_OUTPUT_LIMIT bytes of
    the stream are kept, the rest read and counted (the SDK's demux took minutes and all the
    memory for this before)."""
    from envspec.runtime.backends.base import EXEC_OUTPUT_LIMIT

    run = runs.start_run(publish(), backend="docker")
    try:
        size = EXEC_OUTPUT_LIMIT + (20 << 20)
        done = runs.exec_in_run(run.id, ["sh", "-c", f"head -c {size} /dev/zero; echo err >&2"])
    finally:
        runs.finish_run(run.id)
    assert done.exit_code == 0 and len(done.stdout) == EXEC_OUTPUT_LIMIT
    assert done.dropped == size - EXEC_OUTPUT_LIMIT and done.stderr == b"err\n"
