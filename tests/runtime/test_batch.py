"""Batch evaluation through the docker backend: a batch of 23 runs (an agent command that
drives `envspec exec/score`, a solution folder, a hidden-score environment) completes, its
score@k agrees with a brute-force computation over the runs' results, runs without a valid
score count 0, and the report renders in a real headless browser; an interrupted batch
(Ctrl-C, then SIGKILL) resumes with nothing run twice and nothing left running."""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import statistics
import subprocess
import time
from collections import Counter
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
import yaml

from envspec.errors import BadInput
from envspec.models.batch import parse_batch
from envspec.report.page import write_report
from envspec.runtime import runstore
from envspec.runtime.batch import journal_events, run_batch
from tests.support.batch import (
    AGENT,
    ENVSPEC,
    agent_scores,
    check_score_at_k,
    normalised_by_entry,
    results,
)
from tests.support.batch import write_spec as _spec

pytestmark = pytest.mark.integration

BROWSER = shutil.which("chromium-headless-shell") or shutil.which("chromium")


def _hidden(data: dict[str, Any]) -> None:
    data["scoring"]["visibility"] = "hidden"
    data["scoring"]["aggregation"] = "last"


def test_a_batch_aggregates_like_brute_force_and_reports(
    tmp_path: Path, publish: Callable[..., str]
) -> None:
    visible, hidden = publish("batch_tiny"), publish("batch_hidden", _hidden)
    (tmp_path / "half").mkdir()
    (tmp_path / "half" / "answer.txt").write_text("21\n")
    spec_file = _spec(
        tmp_path,
        [
            {
                "name": "agent",
                "environment": visible,
                "variant": "lite",
                "agent": AGENT,
                "repeats": 14,
            },
            {
                "name": "half",
                "environment": visible,
                "variant": "lite",
                "solution": "half",
                "repeats": 6,
            },
            {
                "name": "hidden",
                "environment": hidden,
                "variant": "lite",
                "agent": AGENT,
                "repeats": 3,
            },
        ],
        concurrency=3,
    )
    out = tmp_path / "out"
    done = subprocess.run(
        [ENVSPEC, "batch", str(spec_file), "--out", str(out), "--json"],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    # the operator's only: the journal holds the hidden environment's raw scores
    assert stat.S_IMODE(out.stat().st_mode) == 0o700
    assert stat.S_IMODE((out / "journal.jsonl").stat().st_mode) == 0o600
    lines = done.stdout.strip().splitlines()
    events = [json.loads(line) for line in lines[:-1]]
    assert sum(e["event"] == "done" for e in events) == 23
    summary = json.loads(lines[-1])
    assert summary["done"] == 23 and summary["errors"] == 0
    groups = {g["entry"]: g for g in summary["groups"]}

    # the independent computation: every run's result file, every k-subset
    found = results(out)
    assert len(found) == 23
    by_entry = normalised_by_entry(out)
    expected = agent_scores(14)
    assert sorted(by_entry["agent"]) == pytest.approx(expected)
    assert groups["agent"]["without_score"] == 2  # runs 5 and 10 wrote garbage: 0 in the mean
    assert groups["agent"]["mean"] == pytest.approx(statistics.fmean(expected))
    for name in ("agent", "half"):
        check_score_at_k(groups[name], by_entry[name])
    assert groups["half"]["score_at_k"]["points"][-1]["score"] == pytest.approx(0.5)
    # a hidden score is not best-of-k'd: a random pick, whose expectation is the mean
    pick = groups["hidden"]["score_at_k"]
    assert pick["random_pick"] is True
    assert {round(p["score"], 9) for p in pick["points"]} == {
        round(statistics.fmean(by_entry["hidden"]), 9)
    }

    # the report: a page that a real browser renders, with both charts and every run
    page = Path(summary["report"])
    assert (page.parent / "score_at_k.png").stat().st_size > 0
    assert (page.parent / "timelines.png").stat().st_size > 0
    text = page.read_text()
    assert text.count('href="../runs/') == 23 and "data:image/png;base64," in text
    for run_id in found:
        assert (page.parent / f"../runs/{run_id}.json").resolve().exists()
    if BROWSER is None:
        if os.environ.get("CI"):
            raise AssertionError("no headless browser: scripts/bootstrap installs one")
        pytest.skip("NO HEADLESS BROWSER: run scripts/bootstrap")
    shot = tmp_path / "shot.png"
    browse = [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    subprocess.run(
        [*browse, f"--screenshot={shot}", "--window-size=1000,1800", page.as_uri()],
        check=True,
        capture_output=True,
        timeout=120,
    )
    dom = subprocess.run(
        [*browse, "--dump-dom", page.as_uri()],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    assert dom.count("<tr>") == 1 + 3 + 1 + 23  # headers, groups and runs, as the browser parsed
    assert dom.count("<td>container</td>") == 23  # each run's isolation (docker)
    from PIL import Image

    image = Image.open(shot).convert("RGB")
    assert image.size == (1000, 1800)
    # matplotlib's first line colour (the agent's curve) is on the rendered page
    blue = sum(
        1 for px in image.getdata() if abs(px[0] - 31) + abs(px[1] - 119) + abs(px[2] - 180) < 40
    )
    assert blue > 200, f"{blue} pixels of the first curve's colour in the screenshot"


def _wait_for(out: Path, event: str, count: int, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if sum(e["event"] == event for e in journal_events(out)) >= count:
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.2)
    raise AssertionError(f"no {count} {event} events: {journal_events(out)}")


def test_an_interrupted_batch_resumes_with_nothing_run_twice(
    tmp_path: Path, publish: Callable[..., str]
) -> None:
    ref = publish("batch_resume")
    slow = f"sleep 4; {AGENT}"
    spec_file = _spec(
        tmp_path,
        [{"name": "slow", "environment": ref, "variant": "lite", "agent": slow, "repeats": 4}],
    )
    out = tmp_path / "out"
    argv = [ENVSPEC, "batch", str(spec_file), "--out", str(out), "--no-report"]

    # SIGTERM (a `timeout`, a scheduler; handled as Ctrl-C) after the first trial: the one in
    # flight is stopped, exit 130, said so
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _wait_for(out, "done", 1, proc)
    _wait_for(out, "started", 2, proc)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "batch interrupted: 1 of 4 trials done" in err and "--out" in err
    # SIGKILL after the next: its run is left running, for the resumption to stop
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _wait_for(out, "done", 2, proc)
    _wait_for(out, "started", 4, proc)
    proc.kill()
    proc.communicate()
    killed = [e for e in journal_events(out) if e["event"] == "started"][-1]["run"]
    assert runstore.load(killed).status == "running"

    spec = parse_batch(yaml.safe_load(spec_file.read_text()), tmp_path)
    summary = run_batch(spec, out)
    assert (summary.done, summary.abandoned) == (4, 1)
    events = journal_events(out)
    done = [e for e in events if e["event"] == "done"]
    assert sorted(e["trial"] for e in done) == [f"slow/{i}" for i in range(1, 5)]
    abandoned = [e for e in events if e["event"] == "abandoned"]
    assert [e["why"] for e in abandoned] == ["interrupted", "unfinished"]
    # a done trial ran once; each abandoned one once more, in a new run
    starts = Counter(e["trial"] for e in events if e["event"] == "started")
    for trial, n in starts.items():
        assert n == 1 + sum(e["trial"] == trial for e in abandoned), (trial, n)
    assert killed in {e["run"] for e in abandoned}
    # nothing left running: every run of the batch finished, no container of theirs alive
    batch_runs = {e["run"] for e in events if e["event"] == "started"}
    assert {runstore.load(r).status for r in batch_runs} <= {"finished", "failed"}
    containers = subprocess.run(
        ["docker", "ps", "-q", "--filter", f"name={killed}"], capture_output=True, text=True
    ).stdout
    assert containers.strip() == ""
    # a second call has nothing to do
    again = run_batch(spec, out)
    assert (again.ran, again.done) == (0, 4)


def test_bad_specs_are_refused_with_what_to_do(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match=r"unknown field entries\[0\]\.repeat"):
        parse_batch({"entries": [{"environment": "x", "repeat": 2}]}, tmp_path)
    with pytest.raises(BadInput, match="`solution` or `agent`, not both"):
        parse_batch({"entries": [{"environment": "x", "solution": "a", "agent": "b"}]}, tmp_path)
    with pytest.raises(BadInput, match="unique"):
        parse_batch({"entries": [{"environment": "x"}, {"environment": "x"}]}, tmp_path)
    with pytest.raises(BadInput, match="at least 1"):
        parse_batch({"concurrency": 0, "entries": [{"environment": "x"}]}, tmp_path)
    one = parse_batch({"entries": [{"environment": "x", "repeats": 2}]}, tmp_path)
    other = parse_batch({"entries": [{"environment": "x", "repeats": 3}]}, tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    (out / "batch.json").write_text(json.dumps({"fingerprint": one.fingerprint()}))
    with pytest.raises(BadInput, match="holds another batch"):
        run_batch(other, out)
    with pytest.raises(BadInput, match="does not exist"):
        run_batch(
            parse_batch({"entries": [{"environment": "x", "solution": "nope"}]}, tmp_path),
            tmp_path / "fresh",
        )
    with pytest.raises(Exception, match="holds no finished trial"):
        write_report(out)


def test_trials_queue_for_the_gpus_on_the_local_backend(
    tmp_path: Path, publish: Callable[..., str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three trials at once on one GPU: they wait for it in turn (none fails), each holds
    it alone."""
    monkeypatch.setenv(
        "ENVSPEC_GPUS", json.dumps([{"index": 0, "name": "NVIDIA H100", "memory_gb": 80}])
    )

    def one_gpu(m: dict[str, Any]) -> None:
        m["variants"]["lite"]["hardware"]["gpu"] = {"count": 1, "models": ["h100"]}

    ref = publish("batch_gpu", one_gpu)
    spec_file = _spec(
        tmp_path,
        [{"name": "gpu", "environment": ref, "variant": "lite", "repeats": 3}],
        backend="local",
        concurrency=3,
    )
    spec = parse_batch(yaml.safe_load(spec_file.read_text()), tmp_path)
    summary = run_batch(spec, tmp_path / "out")
    assert (summary.done, summary.errors) == (3, 0)
    done = list(results(tmp_path / "out").values())
    spans = sorted((r["started_at"], r["finished_at"]) for r in done)
    assert all(r["gpus"][0]["index"] == 0 and r["backend"] == "local" for r in done)
    assert all(a[1] <= b[0] for a, b in pairwise(spans)), spans
