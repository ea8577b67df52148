"""What only the local backend has: host placement's leases through failures, and the checks of
the host it runs on (the behaviours every backend has: tests/runtime/test_conformance.py)."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from envspec import constants
from envspec.errors import EnvspecError
from envspec.runtime import runs, runstore
from envspec.runtime.backends import get_backend
from envspec.runtime.backends.base import scoring_marker
from envspec.runtime.backends.local import work_root
from envspec.runtime.budget import BudgetExceeded
from envspec.runtime.gpu import GpuAllocator, GpuRequestImpossible, detect_inventory

pytestmark = pytest.mark.integration


def _gpu_variant(models: list[str], count: int = 1) -> Callable[[dict[str, Any]], None]:
    def edit(m: dict[str, Any]) -> None:
        m["variants"]["lite"]["hardware"]["gpu"] = {"count": count, "models": models}

    return edit


@pytest.fixture()
def gpus(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    def configure(*names: str) -> None:
        inventory = [{"index": i, "name": n, "memory_gb": 80} for i, n in enumerate(names)]
        monkeypatch.setenv("ENVSPEC_GPUS", json.dumps(inventory))

    return configure


def test_a_finish_that_cannot_stop_the_run_keeps_its_gpus_and_can_be_retried(
    publish: Callable[..., str], gpus: Callable[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    gpus("NVIDIA H100 80GB HBM3")
    ref = publish("gpu", _gpu_variant(["h100"]))
    run = runs.start_run(ref, backend="local")
    backend = type(get_backend("local"))
    real_stop = backend.stop

    def failing_stop(self: object, record: object, **kw: object) -> None:
        raise OSError("the engine went away")

    monkeypatch.setattr(backend, "stop", failing_stop)
    with pytest.raises(EnvspecError) as err:
        runs.finish_run(run.id)
    assert "GPUs stay leased" in str(err.value) and f"envspec finish {run.id}" in str(
        err.value.hint
    )
    assert [lease.run_id for lease in GpuAllocator(detect_inventory()).leases().values()] == [
        run.id
    ]
    assert not (runstore.run_dir(run.id) / "result.json").exists()
    monkeypatch.setattr(backend, "stop", real_stop)
    result = runs.finish_run(run.id)  # the retry goes through and releases the GPU
    assert result["run"] == run.id and GpuAllocator(detect_inventory()).leases() == {}


def test_impossible_request_fails_before_anything_starts(
    publish: Callable[..., str], gpus: Callable[..., None]
) -> None:
    gpus("NVIDIA H200")
    ref = publish("gpu", _gpu_variant(["h100"]))
    before = {r.id for r in runstore.all_runs()}
    with pytest.raises(GpuRequestImpossible) as err:
        runs.start_run(ref, backend="local")
    assert "h100" in str(err.value) and "h200" in str(err.value) and err.value.hint
    assert {r.id for r in runstore.all_runs()} == before

    run = runs.start_run(ref, backend="local", substitute={"h100": ("h200",)})
    result = runs.finish_run(run.id)
    assert result["gpus"][0]["model"] == "h200" and result["gpu_substituted"]

    # a host short of CPUs too: one message names every shortfall
    def big(m: dict[str, Any]) -> None:
        _gpu_variant(["h100"])(m)
        m["variants"]["lite"]["hardware"]["cpus"] = 512

    with pytest.raises(EnvspecError) as err:
        runs.start_run(publish("gpu-big", big), backend="local")
    assert "512 CPUs" in err.value.message and "GPUs: needs 1x h100" in err.value.message


def test_sigkill_during_start_releases_the_gpu_lease(
    publish: Callable[..., str], gpus: Callable[..., None]
) -> None:
    gpus("NVIDIA H100 80GB HBM3")
    ref = publish("gpu", _gpu_variant(["h100"]))
    env = {**os.environ, "ENVSPEC_TEST_PAUSE_AT": "after-start", "ENVSPEC_TEST_PAUSE_S": "60"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "envspec.cli.main", "run", ref, "--backend", "local"], env=env
    )
    deadline = time.time() + 60
    while time.time() < deadline and not GpuAllocator(detect_inventory()).leases():
        time.sleep(0.2)
    leases = GpuAllocator(detect_inventory()).leases()
    assert leases, "the run never took its GPU"
    time.sleep(1)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    runs.gc()  # what the next `run`, `finish` or `gc` does first
    assert GpuAllocator(detect_inventory()).leases() == {}
    run_id = next(iter(leases.values())).run_id
    assert runstore.load(run_id).status == "failed"
    assert not (work_root() / run_id).exists()


def test_a_private_interpreter_is_reported(caplog: pytest.LogCaptureFixture) -> None:
    from envspec.runtime.backends.local import _warn_if_private

    # /var/tmp, not pytest's tmp_path: every folder above must be open but the one we close
    with tempfile.TemporaryDirectory(dir="/var/tmp") as tmp:
        hidden = Path(tmp) / "home"
        (hidden / "bin").mkdir(parents=True)
        python = hidden / "bin" / "python"
        python.write_text("#!/bin/sh\n")
        python.chmod(0o755)
        Path(tmp).chmod(0o755)
        hidden.chmod(0o700)  # like /root: the run's users cannot traverse it
        with caplog.at_level(logging.WARNING):
            _warn_if_private(python)
        assert f"{hidden} is not open to others" in caplog.text
        caplog.clear()
        hidden.chmod(0o755)
        with caplog.at_level(logging.WARNING):
            _warn_if_private(python)
        assert caplog.text == ""


def test_an_envspec_home_others_can_reach_is_reported(caplog: pytest.LogCaptureFixture) -> None:
    from envspec.runtime.backends.local import _warn_if_open

    with tempfile.TemporaryDirectory(dir="/var/tmp") as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        Path(tmp).chmod(0o755)
        home.chmod(0o755)
        with caplog.at_level(logging.WARNING):
            _warn_if_open(home)
        assert "can be reached by other users" in caplog.text
        caplog.clear()
        home.chmod(0o700)
        with caplog.at_level(logging.WARNING):
            _warn_if_open(home)
        assert caplog.text == ""


def test_a_home_envspec_makes_is_private(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whichever part of envspec first needs a missing home creates it 0700 (a GPU host's
    fresh ENVSPEC_HOME was 0755 under the usual umask)."""
    with tempfile.TemporaryDirectory(dir="/var/tmp") as tmp:
        home = Path(tmp) / "a" / "home"
        monkeypatch.setenv("ENVSPEC_HOME", str(home))
        assert constants.default_gpu_lease_dir().parent == home
        assert home.stat().st_mode & 0o777 == 0o700


@pytest.mark.skipif(os.geteuid() != 0, reason="the local backend separates users as root only")
def test_a_command_waits_while_its_run_is_scored_and_leaves_nothing_for_later(
    publish: Callable[..., str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command the harness starts during a scoring waits for it to end (the agent's other
    processes are stopped meanwhile); the scorer's sandboxes are told to hide every folder the
    agent can write, so nothing they leave there reaches the agent; other runs' folders cannot
    be listed."""
    import threading

    from envspec.runtime.backends import local

    run = runs.start_run(publish(), backend="local")
    try:
        marker = scoring_marker(run.id)
        marker.write_text(str(os.getpid()))  # a scoring in progress, as score() marks it
        ended: list[float] = []
        began = time.monotonic()

        def command() -> None:
            runs.exec_in_run(run.id, ["true"], timeout=30)
            ended.append(time.monotonic())

        waiter = threading.Thread(target=command)
        waiter.start()
        time.sleep(1.5)
        assert not ended, "the command ran during the scoring"
        marker.unlink()
        waiter.join(30)
        assert ended and ended[0] - began >= 1.5
        marker.write_text("999999999")  # a scoring killed mid-way: its marker does not block
        assert runs.exec_in_run(run.id, ["true"], timeout=30).exit_code == 0
        assert not marker.exists()
        listing = runs.exec_in_run(run.id, ["ls", str(work_root())], timeout=30)
        assert listing.exit_code != 0, "the agent listed the runs' folders"
        state = runstore.load(run.id).backend_state
        disk = state.get("disk")
        writable = [state["workdir"], *([f"{disk}/home", f"{disk}/tmp"] if disk else [])]
        runs.exec_in_run(run.id, ["sh", "-c", 'chmod 1777 "$HOME" /tmp'], timeout=30)
        seen: dict[str, str] = {}
        real = local._run_session

        def spy(argv: list[str], **kw: Any) -> Any:
            seen.update(kw.get("env") or {})
            return real(argv, **kw)

        monkeypatch.setattr(local, "_run_session", spy)
        runs.score_run(run.id)
        assert seen[constants.SANDBOX_HIDE_ENV].split(":") == writable
    finally:
        runs.finish_run(run.id)


def test_the_gpu_hours_budget_ends_the_run_as_the_wall_clock_does(
    publish: Callable[..., str], gpus: Callable[..., None]
) -> None:
    """GPU-hours are GPUs held x time held: two GPUs spend 0.002 GPU-hours in 3.6 s, long
    before the 10-minute wall clock; the run ends then, not at the wall clock (the budget was
    checked before scorings only, and the agent worked on with its GPUs)."""
    gpus("NVIDIA H100 80GB HBM3", "NVIDIA H100 80GB HBM3")

    def two_gpus_short_budget(m: dict[str, Any]) -> None:
        _gpu_variant(["h100"], count=2)(m)
        m["variants"]["lite"]["budgets"]["gpu_hours"] = 0.002

    run = runs.start_run(publish("gpu-hours", two_gpus_short_budget), backend="local")
    assert run.started_at is not None and run.deadline is not None
    assert run.deadline - run.started_at == pytest.approx(3.6)
    began = time.time()
    cut = runs.exec_in_run(run.id, ["sleep", "60"], timeout=120)
    assert time.time() - began < 20 and cut.exit_code != 0, cut
    time.sleep(max(0.0, run.deadline - time.time()))
    with pytest.raises(BudgetExceeded) as spent:
        runs.exec_in_run(run.id, ["true"])
    assert "GPU-hours budget (0.002 h on 2 GPUs) is spent" in str(spent.value)
    result = runs.finish_run(run.id)
    assert result["budget"]["gpu_hours"] == pytest.approx(0.002, rel=0.01)
    assert GpuAllocator(detect_inventory()).leases() == {}


def test_a_score_log_that_does_not_verify_gives_no_score(publish: Callable[..., str]) -> None:
    """A record edited after the runtime wrote it (by whatever could write the run's folder:
    an unisolated run, the operator's own batch command) breaks the hash chain; the result
    then counts none of the log, rather than the edited score (an attacker's review,
    2026-12-06: an edited best score stood, flagged only as unverified)."""
    run = runs.start_run(publish(), backend="local")
    runs.put_files(run.id, {"answer.txt": b"40\n"})
    assert runs.score_run(run.id).record.valid
    log = runstore.run_dir(run.id) / "score.log"
    record = json.loads(log.read_text().splitlines()[0])
    assert record["score"] == 2.0
    record["score"] = 0.0  # the best distance there is
    log.write_text(json.dumps(record) + "\n")
    result = runs.finish_run(run.id)
    assert not result["score_log"]["verified"]
    assert result["score"]["raw"] is None and not result["score"]["valid"]
    assert "does not verify" in str(result["note"])
