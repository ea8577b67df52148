"""The backend conformance suite: one set of behaviours every backend has, in-tree or plugin.

Each test runs the tiny environment through the runtime's API (``envspec.runtime.runs``) on
each backend it names, and asks the backend's :class:`Probe` only what the API cannot say: what
of a run is left on the host, whether its agent still runs, where its hidden file is. A
plugin backend (entry-point group ``envspec.backends``) is tested by adding its probe to
``PROBES`` and its name to ``ALL`` (or ``HOST``), in a checkout of this repository.

Behaviours: the lifecycle with both scores and a valid result, failing scorers invalid (never
0), hidden scores never reaching the agent, the agent apart from the scorer's files and the
host, links and FIFOs never reaching the scorer, output floods capped, no network for a variant
without one, the deadline holding with no envspec process alive (whatever the agent tries to
stop), a SIGKILLed start leaking nothing, GPU exclusivity. Services are conformance too, in
``tests/runtime/test_services.py`` (both host backends, a real engine).

The slurm backend runs the behaviours of a run that has started (its node's inner backend does
the rest, tested here as itself); its queue, time limit and node failures are in
``tests/runtime/test_slurm.py``.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import json
import os
import pwd
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import jsonschema
import pytest

from envspec import constants
from envspec.errors import GpuBusy
from envspec.models.run import RunRecord
from envspec.runtime import runs, runstore
from envspec.runtime.backends.base import EXEC_OUTPUT_LIMIT, PUT_ARGS, PUT_CHUNK, scoring_marker
from envspec.runtime.budget import BudgetExceeded
from envspec.schema import schema_path
from tests.support.slurm import Cluster, slurm_cluster  # noqa: F401 (the session's cluster)

pytestmark = pytest.mark.integration

#: the tiny environment's hidden target, and the raw score of answering 123456789
TARGET = "42"
HIDDEN_RAW = "123456747"
#: the agent tries to leave a key in its user keyring (keys outlive their uid's processes)
KEYRING = """
import ctypes, os
nr = {"x86_64": 248, "aarch64": 217}[os.uname().machine]
libc = ctypes.CDLL(None, use_errno=True)
key = libc.syscall(nr, b"user", b"left-behind", b"data", 4, -4)
print("key added" if key >= 0 else "no key: " + os.strerror(ctypes.get_errno()))
"""
#: the agent tries the container engine's sockets
ENGINE = """
import socket
for path in ("/var/run/docker.sock", "/run/docker.sock"):
    try:
        socket.socket(socket.AF_UNIX).connect(path)
        print("engine reached", path)
    except OSError:
        pass
"""


class Probe:
    """What the suite asks a backend beyond the runtime's API."""

    name = ""
    isolation = ""  # the isolation its runs reach (as root)
    #: where the agent may search its whole file system for the scorer's files (None: the
    #: agent sees the host's, too large to search)
    search_root: str | None = None

    def hidden_file(self, run: RunRecord) -> str:
        """A path the agent could name for the scorer's hidden target file."""
        raise NotImplementedError

    def leftovers(self, run_id: str) -> list[str]:
        """What of the run is still on the host (containers, users, folders, processes)."""
        raise NotImplementedError

    def agent_alive(self, run: RunRecord) -> bool:
        """Whether anything of the run's agent side still runs."""
        raise NotImplementedError


class DockerProbe(Probe):
    name = "docker"
    isolation = "container"
    search_root = "/"

    def hidden_file(self, run: RunRecord) -> str:
        return "/scoring/hidden/target.txt"  # in the scorer image only

    def _labelled(self, kind: str, run_id: str) -> list[str]:
        argv = ["docker", kind, "ls", "-q", "--filter", f"label={constants.LABEL_RUN}={run_id}"]
        if kind == "container":
            argv.insert(3, "--all")
        out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
        return [f"{kind} {x}" for x in out.split()]

    def leftovers(self, run_id: str) -> list[str]:
        return [*self._labelled("container", run_id), *self._labelled("volume", run_id)]

    def agent_alive(self, run: RunRecord) -> bool:
        return bool(self._labelled("container", run.id))


class LocalProbe(Probe):
    name = "local"
    isolation = "user"

    def hidden_file(self, run: RunRecord) -> str:
        state = runstore.load(run.id).backend_state
        return f"{state['scorer_root']}/scoring/hidden/target.txt"

    def leftovers(self, run_id: str) -> list[str]:
        from envspec.runtime.backends import local_services
        from envspec.runtime.backends.local import _user_name, work_root

        left = []
        if (work_root() / run_id).exists():
            left.append(f"folder {work_root() / run_id}")
        try:
            pwd.getpwnam(_user_name(run_id))
            left.append(f"user {_user_name(run_id)}")
        except KeyError:
            pass
        if run_id in local_services.leftovers():
            left.append("its network namespace or services")
        return left

    def agent_alive(self, run: RunRecord) -> bool:
        user = runstore.load(run.id).backend_state.get("user")
        if not user:
            return False
        found = subprocess.run(["pgrep", "-u", user], capture_output=True, check=False)
        return found.returncode == 0


class SlurmProbe(Probe):
    """A Slurm run through its node's inner backend (local in these tests)."""

    name = "slurm"
    isolation = "user"
    inner = LocalProbe()

    def _inner_view(self, run: RunRecord) -> RunRecord:
        from envspec.runtime.backends.slurm import SlurmState

        return SlurmState.of(runstore.load(run.id)).inner_view(run)

    def hidden_file(self, run: RunRecord) -> str:
        state = self._inner_view(run).backend_state
        return f"{state['scorer_root']}/scoring/hidden/target.txt"

    def leftovers(self, run_id: str) -> list[str]:
        from envspec.runtime.backends import slurm_node

        left = self.inner.leftovers(run_id)
        report = slurm_node.read_report(run_id)
        if report is not None and report["state"] not in slurm_node.FINAL:
            left.append(f"its job's agent ({report['state']})")
        return left

    def agent_alive(self, run: RunRecord) -> bool:
        return self.inner.agent_alive(self._inner_view(run))


PROBES: dict[str, Probe] = {p.name: p for p in (DockerProbe(), LocalProbe(), SlurmProbe())}
#: the backends every behaviour runs on; slurm: the behaviours of a started run (module doc)
HOST = ["docker", "local"]
ALL = [*HOST, "slurm"]

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="user separation needs root")


@pytest.fixture()
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The backend's name (the test's parameter); for slurm, the session's cluster is up and
    its jobs run the local backend on their nodes."""
    name = str(request.param)
    if name in ("local", "slurm") and os.geteuid() != 0:
        pytest.skip("the local backend separates users as root only")
    if name == "slurm":
        request.getfixturevalue("slurm_cluster")
        monkeypatch.setenv("ENVSPEC_SLURM_INNER", "local")
        monkeypatch.setenv("ENVSPEC_SLURM_SETUP", "0")
    yield name


def _sh(run_id: str, script: str) -> tuple[int, str]:
    r = runs.exec_in_run(run_id, ["sh", "-c", script], timeout=60)
    return r.exit_code, (r.stdout + r.stderr).decode()


def _wait(what: str, check: Callable[[], bool], timeout: float) -> None:
    give_up = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < give_up, f"not {what} in {timeout:g} s"
        time.sleep(0.2)


@pytest.mark.parametrize("backend", ALL, indirect=True)
def test_lifecycle_scores_start_and_reference(publish: Callable[..., str], backend: str) -> None:
    ref = publish()
    run = runs.start_run(ref, backend=backend)
    assert run.status == "running" and run.isolation == PROBES[backend].isolation
    code, out = _sh(run.id, "id -u; cat answer.txt")
    uid, answer = out.split()
    assert code == 0 and uid != "0" and answer == "0"

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
    assert result["isolation"] == run.isolation and result["comparable"]
    assert result["backend"] == backend and result["digests"]["environment"] in ref
    assert result["score_log"]["verified"] and result["score_log"]["records"] == 3
    assert result["budget"]["scorer_calls"] == 2
    kinds = [(r["kind"], r["details"]["scoring"]) for r in runs.read_log(run.id, full=True)]
    assert kinds == [("intermediate", "intermediate")] * 2 + [("final", "final")]
    assert PROBES[backend].leftovers(run.id) == []
    assert runs.finish_run(run.id) == result  # idempotent


@pytest.mark.parametrize("backend", HOST, indirect=True)
def test_invalid_and_failing_scorers_are_invalid_never_zero(
    publish: Callable[..., str], backend: str
) -> None:
    ref = publish(
        "slow",
        lambda m: (
            m["variants"]["lite"]["parameters"].update(delay_s=5)
            or m["scoring"].update(timeout="2s")
        ),
    )
    run = runs.start_run(ref, backend=backend)
    view = runs.score_run(run.id).agent_view()
    assert not view["valid"] and "timed out" in view["reason"]
    result = runs.finish_run(run.id)
    assert result["score"]["raw"] is None and result["score"]["normalised"] is None
    assert not result["score"]["valid"]

    run = runs.start_run(publish(), backend=backend)
    _sh(run.id, "echo not-a-number > answer.txt")
    view = runs.score_run(run.id).agent_view()
    assert not view["valid"] and "integer" in view["reason"]
    runs.finish_run(run.id)


@pytest.mark.parametrize("backend", ALL, indirect=True)
def test_hidden_scores_never_reach_the_agent(publish: Callable[..., str], backend: str) -> None:
    ref = publish("hidden", lambda m: m["scoring"].update(visibility="hidden"))
    run = runs.start_run(ref, backend=backend)
    _sh(run.id, "echo 123456789 > answer.txt")  # the scorer's message says "target is 42"
    seen = [json.dumps(runs.score_run(run.id).agent_view())]
    seen += [json.dumps(runs.read_log(run.id))]
    seen += [_sh(run.id, "ls -la / /tmp; env")[1]]
    for text in seen:
        assert HIDDEN_RAW not in text and "target" not in text
    full = json.dumps(runs.read_log(run.id, full=True))
    assert HIDDEN_RAW in full and "target is 42" in full  # operators see everything
    runs.finish_run(run.id)


@pytest.mark.parametrize("backend", ALL, indirect=True)
def test_the_agent_reaches_neither_the_scorer_nor_the_host(
    publish: Callable[..., str], backend: str
) -> None:
    run = runs.start_run(publish(), backend=backend)
    try:
        runs.score_run(run.id)
        probe = PROBES[backend]
        secrets = [probe.hidden_file(run), str(runstore.run_dir(run.id) / "score.log")]
        for path in [*secrets, str(constants.envspec_home())]:
            code, out = _sh(run.id, f"ls {path} && cat {path}")
            assert code != 0 and "target is" not in out, (path, out)
        if probe.search_root is not None:
            found = _sh(run.id, f"find {probe.search_root} -name score.log -o -name target.txt"
                                " -o -name scoring -type d 2>/dev/null")[1]  # fmt: skip
            assert found.strip() == "", found
        _code, out = _sh(
            run.id,
            "for d in / /etc /usr /bin /opt; do touch $d/x 2>/dev/null && echo W:$d; done;"
            f"python3 -c {shlex.quote(ENGINE)}; python3 -c {shlex.quote(KEYRING)}; "
            "echo uid=$(id -u)",
        )
        assert "W:" not in out and "engine reached" not in out and "uid=0\n" not in out, out
        assert "no key: Operation not permitted" in out, out
        assert runs.verify_run(run.id)["ok"]
    finally:
        runs.finish_run(run.id)


@pytest.mark.parametrize("backend", ALL, indirect=True)
def test_links_in_the_solution_never_reach_the_scorer(
    publish: Callable[..., str], backend: str
) -> None:
    """A link to the scorer's hidden file, or to any host file, and a FIFO are refused by the
    runtime's snapshot before any scorer code runs."""
    run = runs.start_run(publish(), backend=backend)
    try:
        hidden = PROBES[backend].hidden_file(run)
        for make in (
            f"ln -sf {hidden} answer.txt",
            "rm -f answer.txt; mkdir -p sub && ln -sf /etc/shadow sub/x && echo 42 > answer.txt",
            "rm -rf answer.txt sub; mkfifo answer.txt",
        ):
            runs.exec_in_run(run.id, ["sh", "-c", make])
            view = runs.score_run(run.id).agent_view()
            assert view["valid"] is False, (make, view)
            assert "only regular files and folders" in str(view["reason"]), view
            assert TARGET not in str(view["reason"])
    finally:
        runs.finish_run(run.id)


@pytest.mark.parametrize("backend", HOST, indirect=True)
def test_no_agent_command_runs_beside_a_scoring(
    publish: Callable[..., str], backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command sent while the solution is snapshotted or scored (a harness's parallel calls)
    waits until the scoring ends: the agent is held from before the snapshot until after the
    scorer. The snapshot is made slow here (a large solution's), the scorer too."""
    from envspec.runtime.backends import docker as docker_backend
    from envspec.runtime.backends import local as local_backend

    module = docker_backend if backend == "docker" else local_backend
    real_snapshot = module.snapshot_for_scoring

    def slow_snapshot(solution: Path, dest: Path) -> bytes | None:
        time.sleep(3)
        return real_snapshot(solution, dest)

    monkeypatch.setattr(module, "snapshot_for_scoring", slow_snapshot)
    ref = publish("slow2", lambda m: m["variants"]["lite"]["parameters"].update(delay_s=2))
    run = runs.start_run(ref, backend=backend)
    try:
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            began = time.time()
            scoring = pool.submit(runs.score_run, run.id)
            marker = scoring_marker(run.id)
            _wait("scoring", lambda: marker.exists() or scoring.done(), 60)
            code, out = _sh(run.id, "date +%s.%N")
            assert scoring.result().record.valid
        assert code == 0, out
        assert float(out) >= began + 5, "an agent command ran during the scoring"
    finally:
        runs.finish_run(run.id)


@pytest.mark.parametrize("backend", HOST, indirect=True)
def test_a_command_starting_as_a_scoring_begins_is_held_too(
    publish: Callable[..., str], backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command whose start overlaps the start of a scoring is held while the scorer runs, as
    one started earlier is (attacker reviews, 2026-12-06: on the local backend a command's
    launcher is root until its last step, which stopping the run's user's processes does not
    reach; on Docker a command that found the container paused before the scorer's container
    existed resumed it; either ran through the whole scoring). The steps where they slipped
    through are made slow here: the command's start after its check that no scoring runs, the
    launcher's, and the snapshot."""
    from envspec.runtime.backends import base
    from envspec.runtime.backends import docker as docker_backend
    from envspec.runtime.backends import local as local_backend

    slow = list(local_backend.PRIVATE_TMP)
    script = slow.index("-c") + 1
    slow[script] = "sleep 1; " + slow[script]
    monkeypatch.setattr(local_backend, "PRIVATE_TMP", slow)
    checked = base.wait_for_scoring

    def check_then_pause(run_id: str) -> None:
        checked(run_id)
        time.sleep(1)  # the command's process descheduled after its check

    monkeypatch.setattr(base, "wait_for_scoring", check_then_pause)  # launch_slot's
    for module in (docker_backend, local_backend):
        snapshot = module.snapshot_for_scoring

        def slow_snapshot(solution: Path, dest: Path, copy: Any = snapshot) -> bytes | None:
            time.sleep(2)
            return cast("bytes | None", copy(solution, dest))

        monkeypatch.setattr(module, "snapshot_for_scoring", slow_snapshot)
    ref = publish("slow3", lambda m: m["variants"]["lite"]["parameters"].update(delay_s=3))
    run = runs.start_run(ref, backend=backend)
    ticker = "end=$(($(date +%s) + 12)); while [ $(date +%s) -lt $end ]; do "
    ticker += "date +%s.%N >> ticks.txt; sleep 0.05; done"
    try:
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            command = pool.submit(_sh, run.id, ticker)
            time.sleep(0.3)  # the command is starting
            began = time.time()
            assert runs.score_run(run.id).record.valid
            ended = time.time()
            assert command.result()[0] == 0
        ticks = [float(x) for x in _sh(run.id, "cat ticks.txt")[1].split()]
        assert ticks, "the command never ran"
        during = [x for x in ticks if began + 1.5 < x < ended - 0.3]
        assert not during, f"the command ran during the scoring ({len(during)} ticks)"
    finally:
        runs.finish_run(run.id)


@needs_root
def test_a_local_run_without_its_disk_is_refused_rather_than_left_on_the_network(
    publish: Callable[..., str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The local backend cuts a run's network (and gives it private temporary folders) only
    with the run's own disk: on a host that cannot make one (no loop devices, as in many
    containers), a variant with network none is refused, with nothing left of the run, instead
    of running as `user` with the host's network and /tmp (an attacker's review, 2026-12-06)."""
    from envspec.runtime import storage
    from envspec.runtime.backends import local as local_backend
    from envspec.runtime.host import HostCannotRun

    ref = publish()
    monkeypatch.setattr(storage, "unsupported", lambda: "no loop devices (this test's host)")
    users = {u.pw_name for u in pwd.getpwall()}
    before = {r.id for r in runstore.all_runs()}
    with pytest.raises(HostCannotRun, match="no loop devices") as refused:
        runs.start_run(ref, backend="local")
    assert "--backend docker" in str(refused.value.hint)
    assert {u.pw_name for u in pwd.getpwall()} == users, "a run user was left"
    for record in (r for r in runstore.all_runs() if r.id not in before):
        assert record.status != "running", record
        assert not (local_backend.work_root() / record.id).exists(), "the run's folder was left"


@pytest.mark.parametrize("backend", HOST, indirect=True)
def test_an_interrupted_exec_stops_its_command(publish: Callable[..., str], backend: str) -> None:
    """Ctrl-C or SIGTERM to `envspec exec` (a harness's timeout) ends the command it runs for
    the agent too, instead of leaving it running beside the next one."""
    run = runs.start_run(publish(), backend=backend)
    try:
        argv = [sys.executable, "-m", "envspec.cli.main", "exec", run.id, "--"]
        script = "echo started > started.txt; sleep 300; echo survived > survived.txt"
        listing = "for p in /proc/[0-9]*; do tr '\\0' ' ' < $p/cmdline; echo; done"
        for signum in (signal.SIGINT, signal.SIGTERM):
            _sh(run.id, "rm -f started.txt survived.txt")
            proc = subprocess.Popen([*argv, "sh", "-c", script], stderr=subprocess.PIPE)
            _wait("started", lambda: _sh(run.id, "cat started.txt")[0] == 0, 60)
            proc.send_signal(signum)
            _, err = proc.communicate(timeout=30)
            assert proc.returncode == 130, err
            assert b"interrupted while running" in err, err
            _wait(
                "the command stopped",
                lambda: "sleep 300" not in _sh(run.id, f"{listing} 2>/dev/null")[1],
                10,
            )
            assert _sh(run.id, "cat survived.txt")[0] != 0
    finally:
        runs.finish_run(run.id)


def test_docker_without_a_run_disk_snapshots_in_the_scorer_container(
    publish: Callable[..., str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where runs get no disk of their own (a remote engine, envspec not root), the solution is
    a volume and the scorer container copies it before the scorer starts (with a disk, the
    runtime copies it on the host): the same scores, and links refused the same way."""
    from envspec.runtime.backends import docker as docker_backend

    monkeypatch.setattr(docker_backend, "_no_disk", lambda: "this test gives runs no disk")
    run = runs.start_run(publish(), backend="docker")
    try:
        assert "disk" not in runstore.load(run.id).backend_state
        assert runs.score_run(run.id).agent_view()["score"] == 42.0
        _sh(run.id, "echo 42 > answer.txt")
        assert runs.score_run(run.id).agent_view()["score"] == 0.0
        _sh(run.id, "ln -sf /scoring/hidden/target.txt answer.txt")
        view = runs.score_run(run.id).agent_view()
        assert view["valid"] is False, view
        assert "only regular files and folders" in str(view["reason"]), view
    finally:
        runs.finish_run(run.id)
    assert PROBES["docker"].leftovers(run.id) == []


@pytest.mark.parametrize("backend", HOST, indirect=True)
def test_a_flood_of_output_is_capped_not_held(publish: Callable[..., str], backend: str) -> None:
    """The first EXEC_OUTPUT_LIMIT bytes of a stream are kept, the rest read and counted."""
    run = runs.start_run(publish(), backend=backend)
    try:
        size = EXEC_OUTPUT_LIMIT + (20 << 20)
        done = runs.exec_in_run(run.id, ["sh", "-c", f"head -c {size} /dev/zero; echo err >&2"])
    finally:
        runs.finish_run(run.id)
    assert done.exit_code == 0 and len(done.stdout) == EXEC_OUTPUT_LIMIT
    assert done.dropped == size - EXEC_OUTPUT_LIMIT and done.stderr == b"err\n"


@pytest.mark.parametrize("backend", HOST, indirect=True)
def test_put_files_writes_files_whole_as_the_agent(
    publish: Callable[..., str], backend: str
) -> None:
    """A file of several execs' worth of chunks (PUT_ARGS of PUT_CHUNK bytes each), an empty
    one and one in a new folder arrive byte for byte, owned by the agent."""
    big = os.urandom(2 * PUT_ARGS * PUT_CHUNK + 12345)
    run = runs.start_run(publish(), backend=backend)
    try:
        runs.put_files(run.id, {"big.bin": big, "empty": b"", "sub/dir/small": b"x\0y"})
        code, out = _sh(run.id, "sha256sum big.bin; wc -c < empty; od -An -c sub/dir/small")
        owners = _sh(run.id, "find big.bin empty sub ! -user $(id -u) | wc -l")
    finally:
        runs.finish_run(run.id, final_score=False)
    digest, _, size, small = out.split(maxsplit=3)
    assert code == 0 and digest == hashlib.sha256(big).hexdigest() and size == "0", out
    assert small.split() == ["x", "\\0", "y"], small
    assert owners == (0, "0\n"), owners


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
@pytest.mark.parametrize("backend", HOST, indirect=True)
def test_a_variant_without_network_reaches_nothing_of_the_host(
    publish: Callable[..., str], backend: str
) -> None:
    """A port open on the host's loopback is out of reach of the agent's commands (the local
    backend: a network namespace per run), while the agent's own loopback works."""
    run = runs.start_run(publish(), backend=backend)
    try:
        with socket.create_server(("127.0.0.1", 0)) as host:
            port = str(host.getsockname()[1])
            done = runs.exec_in_run(run.id, ["python3", "-c", REACH, port], timeout=60)
        assert done.exit_code == 0, done.stderr.decode()
        assert done.stdout.decode().startswith("unreachable"), done.stdout
    finally:
        runs.finish_run(run.id)
    assert PROBES[backend].leftovers(run.id) == []


#: the agent starts a detached worker, then tries to stop each process that is not its own
STOP_OTHERS = """
setsid sh -c 'while :; do sleep 1; done' >/dev/null 2>&1 </dev/null &
me=$(id -u)
for p in /proc/[0-9]*; do
  pid=${p#/proc/}
  uid=$(sed -n 's/^Uid:[[:space:]]*\\([0-9]*\\).*/\\1/p' $p/status 2>/dev/null)
  [ -n "$uid" ] && [ "$uid" != "$me" ] || continue
  if kill -STOP $pid 2>/dev/null; then echo STOPPED $pid; else echo DENIED $pid; fi
done
"""


@pytest.mark.parametrize("backend", HOST, indirect=True)
def test_the_deadline_holds_with_no_envspec_process(
    publish: Callable[..., str], backend: str
) -> None:
    """Nothing of envspec runs after the start: the backend's own mechanism (docker: the
    container's PID 1; local: a detached watchdog) ends the agent at its deadline, whatever
    the agent started or tried to stop."""
    run = runs.start_run(publish(), backend=backend, budgets={"wall_time": "6s"})
    assert runs.score_run(run.id).record.valid
    # a detached worker, and an attempt to stop every process that is not the agent's own
    # (whatever keeps the deadline among them: docker's PID 1 and its sleep, the watchdog)
    started = runs.exec_in_run(run.id, ["sh", "-c", STOP_OTHERS])
    assert started.exit_code == 0, started
    assert b"STOPPED" not in started.stdout, started.stdout
    assert started.stdout.count(b"DENIED") >= 1, started.stdout
    assert PROBES[backend].agent_alive(run)
    assert run.deadline is not None
    _wait("ended by its deadline", lambda: not PROBES[backend].agent_alive(run), 20)
    assert time.time() < run.deadline + 10, "the agent outlived its deadline by 10 s"
    time.sleep(max(0.0, run.deadline - time.time()))  # the backend may end it a moment early
    with pytest.raises(BudgetExceeded):
        runs.score_run(run.id)
    with pytest.raises(BudgetExceeded):
        runs.exec_in_run(run.id, ["true"])
    result = runs.finish_run(run.id)
    assert result["score"]["raw"] == 42.0 and not result["comparable"]
    assert result["budget_overrides"] == ["wall_time"]
    assert PROBES[backend].leftovers(run.id) == []


@pytest.mark.parametrize("backend", HOST, indirect=True)
def test_a_sigkill_during_start_leaks_nothing(publish: Callable[..., str], backend: str) -> None:
    ref = publish()
    env = {**os.environ, "ENVSPEC_TEST_PAUSE_AT": "after-start", "ENVSPEC_TEST_PAUSE_S": "60"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "envspec.cli.main", "run", ref, "--backend", backend], env=env
    )
    found: list[str] = []

    def paused() -> bool:
        # started: the state that start returned is saved (docker: its container; local: the
        # deadline's watchdog), then the process pauses
        found[:] = [
            r.id
            for r in runstore.all_runs()
            if r.status == "starting"
            and r.owner_pid == proc.pid
            and {"agent_container", "watchdog_pid"} & set(r.backend_state)
        ]
        return bool(found)

    _wait("paused after its start", paused, 60)
    run_id = found[0]
    assert PROBES[backend].leftovers(run_id), "the run's side should exist while it starts"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    runs.gc()  # what the next `run`, `finish` or `gc` does first
    assert PROBES[backend].leftovers(run_id) == []
    assert runstore.load(run_id).status == "failed"


def _gpu_variant(m: dict[str, Any]) -> None:
    m["variants"]["lite"]["hardware"]["gpu"] = {"count": 2, "models": ["h100"]}


class GpuView:
    """How the agent side and the scorer of a run saw their GPUs."""

    def agent(self, run: RunRecord) -> str:
        """The run's agent side's device ids, as its backend handed them over."""
        out = runs.exec_in_run(run.id, ["sh", "-c", "echo $CUDA_VISIBLE_DEVICES"]).stdout
        return out.decode().strip()

    def check_containers(self, seen: dict[str, str], scored: str) -> None:
        """What a backend with containers shows: the devices each container got, in order
        (the two agents, then the scorer of run ``scored``); nothing to check elsewhere."""


class DockerGpuView(GpuView):
    """A private dockerd whose NVIDIA hook is a stub (tests/support/gpu_dockerd.py): the
    device requests take Docker's real path, and the hook logs every container's devices."""

    def __init__(self, daemon: Any) -> None:
        self.daemon = daemon

    def agent(self, run: RunRecord) -> str:
        # the hook sets it on the container's PID 1, which runs as root: read it as root
        agent = self.daemon.client.containers.get(run.backend_state["agent_container"])
        script = "tr '\\0' '\\n' < /proc/1/environ | sed -n 's/^NVIDIA_VISIBLE_DEVICES=//p'"
        return str(agent.exec_run(["sh", "-c", script], user="0").output.decode()).strip()

    def check_containers(self, seen: dict[str, str], scored: str) -> None:
        calls = [c["NVIDIA_VISIBLE_DEVICES"] for c in self.daemon.hook_calls()]
        assert calls == [*seen.values(), seen[scored]], calls


@pytest.fixture()
def two_h100s(
    backend: str, publish: Callable[..., str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[tuple[str, GpuView]]:
    """This host has four (fake) H100s; yields an environment whose variant takes two, and how
    to see what a run's sides got."""
    inventory = [{"index": i, "name": "NVIDIA H100 80GB HBM3", "memory_gb": 80} for i in range(4)]
    monkeypatch.setenv("ENVSPEC_GPUS", json.dumps(inventory))
    ref = publish("gpu_pair", _gpu_variant)  # built through the main engine
    if backend != "docker":
        yield ref, GpuView()
        return
    from envspec.oci import engine
    from tests.support.gpu_dockerd import private_gpu_dockerd

    with private_gpu_dockerd(tmp_path) as daemon:
        monkeypatch.setenv("DOCKER_HOST", daemon.host)
        engine.client.cache_clear()
        try:
            yield ref, DockerGpuView(daemon)
            assert daemon.client.containers.list(all=True) == []
        finally:
            monkeypatch.delenv("DOCKER_HOST")
            engine.client.cache_clear()


@pytest.mark.parametrize("backend", HOST, indirect=True)
def test_gpus_are_exclusive(backend: str, two_h100s: tuple[str, GpuView]) -> None:
    """Two runs of a two-GPU variant get different GPUs, and the scorer its run's; a third is
    refused while both run; a finished run's GPUs serve the next; nothing stays leased."""
    from envspec.runtime.gpu import GpuAllocator, detect_inventory

    ref, view = two_h100s
    a = runs.start_run(ref, backend=backend)
    b = runs.start_run(ref, backend=backend)
    seen = {x.id: view.agent(x) for x in (a, b)}
    assert list(seen.values()) == ["0,1", "2,3"], seen
    assert runs.score_run(b.id).record.valid
    view.check_containers(seen, b.id)
    with pytest.raises(GpuBusy) as busy:
        runs.start_run(ref, backend=backend)
    assert a.id in str(busy.value) or b.id in str(busy.value)
    result = runs.finish_run(a.id)
    assert result["gpus"][0]["model"] == "h100" and not result["gpu_substituted"]
    c = runs.start_run(ref, backend=backend)  # a's GPU is free again
    assert [g.index for g in c.gpus] == [g["index"] for g in result["gpus"]]
    for x in (b, c):
        runs.finish_run(x.id)
    assert GpuAllocator(detect_inventory()).leases() == {}
