"""The run lifecycle through the local backend, and GPU allocation from a configured inventory."""

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
from envspec.runtime.backends.local import work_root
from envspec.runtime.gpu import GpuAllocator, GpuBusy, GpuRequestImpossible, detect_inventory

pytestmark = pytest.mark.integration

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="user separation needs root")


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


@needs_root
def test_local_lifecycle_with_user_separation(publish: Callable[..., str]) -> None:
    ref = publish()
    run = runs.start_run(ref, backend="local")
    assert run.isolation == "user"
    r = runs.exec_in_run(run.id, ["sh", "-c", "whoami; cat answer.txt"])
    user, answer = r.stdout.decode().split()
    assert user.startswith("esa") and answer == "0"
    scorer_root = run.backend_state["scorer_root"]
    spy = runs.exec_in_run(
        run.id,
        ["sh", "-c", f"cat {scorer_root}/scoring/hidden/target.txt; ls {runstore.run_dir(run.id)}"],
    )
    assert spy.exit_code != 0 and b"42" not in spy.stdout
    assert runs.score_run(run.id).record.score == 42.0
    runs.exec_in_run(run.id, ["sh", "-c", "echo 42 > answer.txt"])
    assert runs.score_run(run.id).agent_view()["normalised"] == 1.0
    result = runs.finish_run(run.id)
    assert result["isolation"] == "user" and result["score"]["normalised"] == 1.0
    assert subprocess.run(["id", user], capture_output=True).returncode != 0  # user removed


def test_gpus_are_exclusive_and_visible(
    publish: Callable[..., str], gpus: Callable[..., None]
) -> None:
    gpus("NVIDIA H100 80GB HBM3", "NVIDIA H100 80GB HBM3")
    ref = publish("gpu", _gpu_variant(["h100"]))
    a = runs.start_run(ref, backend="local")
    b = runs.start_run(ref, backend="local")
    seen = {
        runs.exec_in_run(x.id, ["sh", "-c", "echo $CUDA_VISIBLE_DEVICES"]).stdout.strip()
        for x in (a, b)
    }
    assert seen == {b"0", b"1"}
    with pytest.raises(GpuBusy) as busy:
        runs.start_run(ref, backend="local")
    assert a.id in str(busy.value) or b.id in str(busy.value)
    result = runs.finish_run(a.id)
    assert result["gpus"][0]["model"] == "h100" and not result["gpu_substituted"]
    c = runs.start_run(ref, backend="local")  # a's GPU is free again
    for x in (b, c):
        runs.finish_run(x.id)
    assert GpuAllocator(detect_inventory()).leases() == {}


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
    runs.gc()  # what the next mutating command (run, exec, score, finish, gc) does first
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


@needs_root
def test_links_in_the_solution_never_reach_the_scorer(publish: Callable[..., str]) -> None:
    """On the host the scorer runs as root: a link to its hidden file, or to any host file,
    is refused by the runtime's snapshot before any scorer code runs."""
    run = runs.start_run(publish(), backend="local")
    try:
        hidden = f"{run.backend_state['scorer_root']}/scoring/hidden/target.txt"
        for target in (hidden, "/etc/shadow"):
            runs.exec_in_run(run.id, ["sh", "-c", f"ln -sf {target} answer.txt"])
            view = runs.score_run(run.id).agent_view()
            assert view["valid"] is False, (target, view)
            assert "only regular files and folders" in str(view["reason"]), view
    finally:
        runs.finish_run(run.id)


def test_a_flood_of_output_is_capped_not_held(publish: Callable[..., str]) -> None:
    """As on docker: the first EXEC_OUTPUT_LIMIT bytes of a stream kept, the rest counted."""
    from envspec.runtime.backends.base import EXEC_OUTPUT_LIMIT

    run = runs.start_run(publish(), backend="local")
    try:
        size = EXEC_OUTPUT_LIMIT + (20 << 20)
        done = runs.exec_in_run(run.id, ["sh", "-c", f"head -c {size} /dev/zero; echo err >&2"])
    finally:
        runs.finish_run(run.id)
    assert done.exit_code == 0 and len(done.stdout) == EXEC_OUTPUT_LIMIT
    assert done.dropped == size - EXEC_OUTPUT_LIMIT and done.stderr == b"err\n"


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


REACH = """
import socket, sys
own = socket.create_server(("127.0.0.1", 0))  # the agent's own loopback works
socket.create_connection(own.getsockname(), timeout=3).close()
try:
    socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=3).close()
    print("reached the host")
except OSError as e:
    print("unreachable", type(e).__name__)
"""


@needs_root
@pytest.mark.parametrize("backend", ["docker", "local"])
def test_a_variant_without_network_reaches_nothing_of_the_host(
    publish: Callable[..., str], backend: str
) -> None:
    """network: none holds on both backends: a port open on the host's loopback is out of
    reach of the agent's commands (on the local backend: a network namespace per run), while
    the agent's own loopback works, across its commands too."""
    import socket

    run = runs.start_run(publish(), backend=backend)
    try:
        with socket.create_server(("127.0.0.1", 0)) as host:
            port = str(host.getsockname()[1])
            done = runs.exec_in_run(run.id, ["python3", "-c", REACH, port], timeout=60)
        assert done.exit_code == 0, done.stderr.decode()
        assert done.stdout.decode().startswith("unreachable"), done.stdout
    finally:
        runs.finish_run(run.id)
    if backend == "local":
        from envspec.runtime.backends import local_services

        assert run.id not in local_services.leftovers(), "the run's namespace outlived it"
