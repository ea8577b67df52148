"""The run commands in-process, as a harness would drive them."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from envspec.cli.main import main

pytestmark = pytest.mark.integration


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_run_exec_score_log_verify_finish(
    capsys: pytest.CaptureFixture[str], publish: Callable[..., str]
) -> None:
    ref = publish("hidden", lambda m: m["scoring"].update(visibility="hidden"))
    code, out, err = run(capsys, "run", ref, "--backend", "docker")
    assert code == 0, err
    run_id = out.strip()

    code, out, _ = run(
        capsys, "exec", run_id, "--", "sh", "-c", "echo 123456789 > answer.txt; id -un"
    )
    assert code == 0 and out.strip() == "agent"
    code, out, _ = run(capsys, "exec", run_id, "--", "sh", "-c", "exit 7")
    assert code == 7
    code, out, _ = run(capsys, "exec", run_id, "--json", "--", "sh", "-c", "echo hi; exit 7")
    assert code == 7 and json.loads(out)["exit_code"] == 7 and json.loads(out)["stdout"] == "hi\n"

    agent_facing = []
    for args in (("score", run_id), ("score", run_id, "--json"), ("log", run_id)):
        code, out, err = run(capsys, *args)
        assert code == 0, err
        agent_facing.append(out + err)
    assert all("123456747" not in text for text in agent_facing)
    assert "valid" in agent_facing[0]
    # the log is JSON lines: one record a line, each parsed on its own
    records = [json.loads(line) for line in agent_facing[2].splitlines()]
    assert [r["seq"] for r in records] == [0, 1] and all("valid" in r for r in records)
    code, out, _ = run(capsys, "log", run_id, "--text")
    assert code == 0 and out.count("\n") == 2 and "valid" in out

    code, out, _ = run(capsys, "log", run_id, "--full")
    assert "123456747" in out
    code, out, _ = run(capsys, "verify", run_id, "--json")
    assert code == 0 and json.loads(out)["ok"]
    n = json.loads(out)["records"]
    code, out, _ = run(capsys, "verify", run_id)
    assert code == 0 and f"intact, {n} record{'' if n == 1 else 's'}\n" in out
    code, out, _ = run(capsys, "status", run_id)
    assert json.loads(out)["status"] == "running"
    code, out, _ = run(capsys, "runs")
    # into a pipe the table keeps whole words, not cut to 80 columns
    row = next(line for line in out.splitlines() if run_id in line)
    assert "running" in row and "docker" in row and "…" not in out, out

    code, out, _ = run(capsys, "finish", run_id, "--json")
    result = json.loads(out)
    assert code == 0 and result["score"]["raw"] == 123456747.0
    code, out, err = run(capsys, "score", run_id)
    assert code == 3 and "finished" in err and "hint:" in err


def test_gc_says_when_there_is_nothing_to_reclaim(capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "gc")  # whatever earlier tests of this session left
    code, out, _ = run(capsys, "gc")
    assert code == 0 and out.strip() == "nothing to reclaim"
    code, out, _ = run(capsys, "gc", "--json")
    assert code == 0 and json.loads(out) == {"reclaimed": []}


def test_unknown_run_and_bad_budget(
    capsys: pytest.CaptureFixture[str], publish: Callable[..., str]
) -> None:
    code, _, err = run(capsys, "status", "20260101-000000-deadbeef")
    assert code == 2 and "no run" in err
    # under --json the error is also a JSON object on stdout, with the text's fields
    code, out, err = run(capsys, "score", "20260101-000000-deadbeef", "--json")
    error = json.loads(out)["error"]
    assert code == 2 and error["kind"] == "bad_input" and error["exit_code"] == 2
    assert error["message"] in err and "no run" in error["message"]
    ref = publish()
    code, _, err = run(capsys, "run", ref, "--budget", "walltime=3s")
    assert code == 2 and "unknown budget 'walltime'" in err and "wall_time" in err
    code, _, err = run(capsys, "run", ref, "--variant", "litte")
    assert code == 2 and "lite" in err and "Traceback" not in err
