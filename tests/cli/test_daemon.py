"""`envspec daemon`: the resident process serves commands as a fresh process would, and
never serves what it would serve wrongly. Real processes (the console script's program,
`python -m envspec.cli.resident.client`, as a harness starts `envspec`), a real engine."""

from __future__ import annotations

import json
import os
import pty
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
#: the command as installed: the console script's program
CLIENT = [sys.executable, "-m", "envspec.cli.resident.client"]
UNKNOWN_RUN = "20260101-000000-deadbeef"

Envspec = Callable[..., subprocess.CompletedProcess[str]]


def _envspec(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    # one working directory for every call: it is on sys.path (python -m), so in the key
    return subprocess.run(
        [*CLIENT, *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _status() -> dict[str, object]:
    done = _envspec("daemon", "status", "--json")
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def _gone(pid: int) -> bool:
    """No such process, or a zombie (this VM's init reaps no orphans)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


def _wait(condition: Callable[[], bool], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def _children(pid: int) -> list[int]:
    return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def _serving(daemon_pid: int) -> int:
    """The process serving the one command in flight, once it runs the command."""
    _wait(lambda: len(_children(daemon_pid)) == 1)
    time.sleep(1)  # past taking the request (milliseconds): the command runs
    (pid,) = _children(daemon_pid)
    return pid


def _daemon_folder() -> Path:
    return Path(os.environ["ENVSPEC_HOME"]) / "daemon"


@pytest.fixture()
def daemon() -> Iterator[dict[str, object]]:
    """This environment's daemon, started by the CLI; stopped afterwards, leaving nothing."""
    done = _envspec("daemon", "start", "--idle", "10m", "--json")
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    assert state["state"] == "running" and state["started"]
    try:
        yield state
    finally:
        _envspec("daemon", "stop", "--all")
        assert list(_daemon_folder().iterdir()) == []


def _comparable(text: str, run_ids: list[str]) -> str:
    """Output with what differs between two runs made alike: their ids, times, digests."""
    for run_id in run_ids:
        text = text.replace(run_id, "RUN")
    volatile = ("elapsed_s|timestamp|started_at|finished_at|created_at|deadline|released_at|"
                "remaining_s|head|disk|agent_container|volume")  # fmt: skip
    return re.sub(rf'"({volatile})":\s*[^,\n}}]+', r'"\1": X', text)


@pytest.mark.integration
def test_the_same_output_and_exit_code_with_and_without_the_daemon(
    publish: Callable[..., str],
) -> None:
    ref = publish()
    commands: list[tuple[str, ...]] = [
        ("exec", "RUN", "--", "sh", "-c", "echo out; echo err >&2; exit 7"),
        ("exec", "RUN", "--json", "--", "sh", "-c", "echo 42 > answer.txt; echo hi"),
        ("score", "RUN"),
        ("score", "RUN", "--json"),
        ("log", "RUN"),
        ("score", UNKNOWN_RUN),  # an error
        ("score", UNKNOWN_RUN, "--json"),  # an error as JSON
        ("exec", "RUN"),  # a usage error
        ("finish", "RUN", "--json"),
        ("score", "RUN"),  # not now: finished
        ("--version",),
    ]
    seen: dict[str, list[subprocess.CompletedProcess[str]]] = {}
    run_ids = []
    for label in ("without", "with"):
        if label == "with":
            started = _envspec("daemon", "start")
            assert started.returncode == 0, started.stderr
        try:
            first = _envspec("run", ref, "--backend", "docker")
            assert first.returncode == 0, first.stderr
            run_id = first.stdout.strip()
            run_ids.append(run_id)
            seen[label] = [_envspec(*(run_id if a == "RUN" else a for a in c)) for c in commands]
            if label == "with":
                state = _status()
                # every command of the run went through the daemon
                assert state["served"] == len(commands) + 1 and state["refused"] == 0, state
        finally:
            _envspec("daemon", "stop")
    for command, without, with_ in zip(commands, seen["without"], seen["with"], strict=True):
        assert with_.returncode == without.returncode, command
        assert _comparable(with_.stdout, run_ids) == _comparable(without.stdout, run_ids), command
        assert _comparable(with_.stderr, run_ids) == _comparable(without.stderr, run_ids), command
    codes = [done.returncode for done in seen["with"]]
    assert codes == [7, 0, 0, 0, 0, 2, 2, 2, 0, 3, 0]
    assert json.loads(seen["with"][6].stdout)["error"]["kind"] == "bad_input"
    assert json.loads(seen["with"][8].stdout)["score"]["raw"] == 0.0


@pytest.mark.integration
def test_the_client_terminal_is_the_command_terminal(publish: Callable[..., str]) -> None:
    """The client's terminal reaches the command: agent output is escaped there (a pipe gets
    the bytes), with and without the daemon."""
    ref = publish()
    run_id = _envspec("run", ref, "--backend", "docker").stdout.strip()
    hostile = ("exec", run_id, "--", "printf", r"\033]0;pwned\007 ok\n")
    shown = {}
    try:
        for label in ("without", "with"):
            if label == "with":
                assert _envspec("daemon", "start").returncode == 0
            main, terminal = pty.openpty()
            try:
                done = subprocess.run(
                    [*CLIENT, *hostile], cwd=REPO, stdout=terminal, timeout=60, check=False
                )
                os.close(terminal)
                terminal = -1
                out = b""
                while True:
                    try:
                        chunk = os.read(main, 4096)
                    except OSError:  # the terminal's other side closed
                        break
                    if not chunk:
                        break
                    out += chunk
            finally:
                os.close(main)
                if terminal >= 0:
                    os.close(terminal)
            assert done.returncode == 0
            shown[label] = out
        piped = _envspec(*hostile)
        assert _status()["served"] == 2
    finally:
        _envspec("finish", run_id)
        _envspec("daemon", "stop")
    assert shown["with"] == shown["without"]
    assert b"\x1b" not in shown["with"] and b"\\x1b]0;pwned\\x07 ok" in shown["with"]
    assert piped.stdout == "\x1b]0;pwned\x07 ok\n"


@pytest.mark.integration
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_and_sigterm_reach_the_command(
    publish: Callable[..., str], signum: signal.Signals
) -> None:
    """SIGINT (Ctrl-C) and SIGTERM end the command as they would without the daemon: an
    interrupted command exits 130; SIGTERM kills it, and the client the same way."""
    ref = publish()
    run_id = _envspec("run", ref, "--backend", "docker").stdout.strip()
    ended = {}
    try:
        for label in ("without", "with"):
            if label == "with":
                assert _envspec("daemon", "start").returncode == 0
            client = subprocess.Popen(
                [*CLIENT, "exec", run_id, "--", "sleep", "60"],
                cwd=REPO,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            if label == "with":
                _wait(lambda: _status()["in_flight"] == 1)
            time.sleep(2)  # the command is running
            began = time.monotonic()
            client.send_signal(signum)
            out, err = client.communicate(timeout=30)
            assert time.monotonic() - began < 20
            ended[label] = (client.returncode, out, err)
    finally:
        _envspec("finish", run_id)
        _envspec("daemon", "stop")
    assert ended["with"] == ended["without"]
    code, _, _ = ended["with"]
    assert code == (130 if signum == signal.SIGINT else -signal.SIGTERM)


@pytest.mark.integration
def test_the_command_ends_with_its_client_and_its_daemon_loses_nothing(
    publish: Callable[..., str], daemon: dict[str, object]
) -> None:
    """A killed client (a harness's timeout) ends its command; a killed command's process is
    reported; a killed daemon does not end the commands it serves, which report their exit
    status themselves."""
    ref = publish()
    run_id = _envspec("run", ref, "--backend", "docker").stdout.strip()
    pid = int(str(daemon["pid"]))
    try:
        # the client killed: its command is killed too
        client = subprocess.Popen([*CLIENT, "exec", run_id, "--", "sleep", "60"], cwd=REPO)
        serving = _serving(pid)
        client.kill()
        client.wait()
        _wait(lambda: _gone(serving))

        # the command's process killed: the client ends as it did, and says so
        client = subprocess.Popen(
            [*CLIENT, "exec", run_id, "--", "sleep", "60"],
            cwd=REPO,
            stderr=subprocess.PIPE,
            text=True,
        )
        os.kill(_serving(pid), signal.SIGKILL)
        _, err = client.communicate(timeout=30)
        assert client.returncode == -signal.SIGKILL and "killed by signal 9" in err, err

        # the daemon killed mid-request: the command goes on and its status still arrives
        slow = subprocess.Popen(
            [*CLIENT, "exec", run_id, "--", "sh", "-c", "sleep 3; echo done; exit 3"],
            cwd=REPO,
            stdout=subprocess.PIPE,
            text=True,
        )
        _serving(pid)
        os.kill(pid, signal.SIGKILL)
        out, _ = slow.communicate(timeout=60)
        assert slow.returncode == 3 and out == "done\n"
    finally:
        _envspec("finish", run_id)


@pytest.mark.integration
def test_a_lost_status_is_an_error(publish: Callable[..., str], daemon: dict[str, object]) -> None:
    """Daemon and command's process both killed mid-request: an error exit, at once."""
    ref = publish()
    run_id = _envspec("run", ref, "--backend", "docker").stdout.strip()
    pid = int(str(daemon["pid"]))
    try:
        client = subprocess.Popen(
            [*CLIENT, "exec", run_id, "--json", "--", "sleep", "60"],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        serving = _serving(pid)
        os.kill(pid, signal.SIGKILL)
        _wait(lambda: _gone(pid))
        os.kill(serving, signal.SIGKILL)
        out, err = client.communicate(timeout=30)
        assert client.returncode == 1 and "ended without an exit status" in err
        assert json.loads(out)["error"]["exit_code"] == 1
    finally:
        _envspec("finish", run_id)


def test_a_changed_variable_is_not_served_by_a_daemon_started_without_it(
    daemon: dict[str, object],
) -> None:
    """What modules read when the daemon imported them must match the client's; what they
    read at run time comes from the client. Interpreter-level variables key the daemon."""
    state = _status()
    read = state["read_at_import"]
    assert isinstance(read, list) and "TYPER_USE_RICH" in read
    assert not [name for name in read if name.startswith(("ENVSPEC_", "DOCKER_"))]

    # read at import: refused, and the client runs the command itself (rich off: plain help)
    env = {**os.environ, "TYPER_USE_RICH": "0"}
    served = _envspec("run", "--help", env=env)
    fresh = subprocess.run(
        [sys.executable, "-m", "envspec.cli.main", "run", "--help"],
        cwd=REPO, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert (served.returncode, served.stdout) == (fresh.returncode, fresh.stdout)
    assert "╭" not in served.stdout
    state = _status()
    assert state["refused"] == 1 and "TYPER_USE_RICH" in str(state["last_refusal"])

    # read by the interpreter: another key, so no daemon for it
    done = _envspec("--version", env={**os.environ, "PYTHONHASHSEED": "7"})
    assert done.returncode == 0
    assert (_status()["served"], _status()["refused"]) == (state["served"], 1)

    # read at run time: served, and the child sees the client's value
    env = {**os.environ, "DOCKER_HOST": "unix:///nonexistent/docker.sock"}
    served = _envspec("exec", UNKNOWN_RUN, "--", "true", env=env)
    assert served.returncode == 2 and "no run" in served.stderr
    served = _envspec("gc", "--json", env=env)
    fresh = subprocess.run(
        [sys.executable, "-m", "envspec.cli.main", "gc", "--json"],
        cwd=REPO, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert served.returncode == fresh.returncode and served.stdout == fresh.stdout
    assert _status()["refused"] == 1


def test_a_stale_socket_is_noticed_and_stop_cleans_up(daemon: dict[str, object]) -> None:
    pid = int(str(daemon["pid"]))
    sock = Path(str(daemon["socket"]))
    assert sock.exists() and sock.stat().st_mode & 0o777 == 0o600
    assert sock.parent.stat().st_mode & 0o777 == 0o700
    assert _envspec("--version").returncode == 0 and _status()["served"] == 1

    os.kill(pid, signal.SIGKILL)
    _wait(lambda: _gone(pid))
    assert sock.exists()
    began = time.monotonic()
    done = _envspec("--version")
    assert done.returncode == 0 and done.stdout.strip() == "0.1.0"
    assert time.monotonic() - began < 10
    assert _status()["state"] == "stale"

    stopped = _envspec("daemon", "stop", "--json")
    assert [s["state"] for s in json.loads(stopped.stdout)["stopped"]] == ["stale"]
    assert list(_daemon_folder().iterdir()) == []
    assert _status()["state"] == "stopped"


def test_stop_leaves_no_socket_and_no_process() -> None:
    started = _envspec("daemon", "start", "--json")
    state = json.loads(started.stdout)
    again = json.loads(_envspec("daemon", "start", "--json").stdout)
    assert again["pid"] == state["pid"] and not again["started"]
    assert _envspec("--version").returncode == 0
    stopped = _envspec("daemon", "stop")
    assert stopped.returncode == 0 and f"pid {state['pid']}" in stopped.stdout
    assert list(_daemon_folder().iterdir()) == []
    assert _gone(int(state["pid"]))
    assert _envspec("daemon", "stop").stdout.strip() == "no daemon was running"

    # stopped by a signal, or for want of requests: the same
    state = json.loads(_envspec("daemon", "start", "--idle", "1s", "--json").stdout)
    _wait(lambda: _gone(int(state["pid"])))
    assert list(_daemon_folder().iterdir()) == []
    state = json.loads(_envspec("daemon", "start", "--json").stdout)
    os.kill(int(state["pid"]), signal.SIGTERM)
    _wait(lambda: _gone(int(state["pid"])))
    assert list(_daemon_folder().iterdir()) == []


def test_changed_code_is_never_served(daemon: dict[str, object], tmp_path: Path) -> None:
    """A file of a module the daemon imported changes: it refuses and stops."""
    import envspec.errors

    module = Path(envspec.errors.__file__)
    stat = module.stat()
    try:
        os.utime(module, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
        done = _envspec("--version")
        assert done.returncode == 0 and done.stdout.strip() == "0.1.0"
        _wait(lambda: _gone(int(str(daemon["pid"]))))
        assert _status()["state"] == "stopped"
    finally:
        os.utime(module, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def test_the_console_script_is_a_light_client() -> None:
    """`envspec` is the client: standard library only until it knows no daemon serves."""
    pyproject = (REPO / "pyproject.toml").read_text()
    assert 'envspec = "envspec.cli.resident.client:main"' in pyproject
    heavy = ("typer", "rich", "click", "docker", "requests", "envspec.models", "envspec.cli.main",
             "json", "hashlib", "typing")  # fmt: skip
    probe = "import sys, envspec.cli.resident.client\n"
    probe += f"print([m for m in {heavy!r} if m in sys.modules])"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert loaded.stdout.strip() == "[]", loaded.stdout + loaded.stderr


def test_commands_in_a_row_and_at_once(daemon: dict[str, object]) -> None:
    """Many short commands, one after another and side by side: each served, in full."""
    for _ in range(20):
        done = _envspec("--version")
        assert (done.returncode, done.stdout) == (0, "0.1.0\n")
    listed = _envspec("runs", "--json").stdout.encode()
    clients = [
        subprocess.Popen([*CLIENT, "runs", "--json"], cwd=REPO, stdout=subprocess.PIPE)
        for _ in range(8)
    ]
    assert all(c.communicate(timeout=60)[0] == listed for c in clients)
    assert all(c.returncode == 0 for c in clients)
    state = _status()
    assert (state["state"], state["served"], state["refused"]) == ("running", 29, 0)


@pytest.mark.integration
def test_a_wedged_daemon_is_waited_for_briefly_and_never_runs_a_command_twice(
    publish: Callable[..., str], daemon: dict[str, object]
) -> None:
    """A daemon that does not answer (stopped here): the client runs the command itself after
    a while; the daemon, going on later, does not run it again."""
    ref = publish()
    run_id = _envspec("run", ref, "--backend", "docker").stdout.strip()
    pid = int(str(daemon["pid"]))
    served = _status()["served"]
    try:
        os.kill(pid, signal.SIGSTOP)
        try:
            began = time.monotonic()
            done = _envspec("exec", run_id, "--", "sh", "-c", "echo once >> count.txt")
            assert done.returncode == 0 and "did not answer" in done.stderr
            assert time.monotonic() - began < 30
        finally:
            os.kill(pid, signal.SIGCONT)
        # it took the request once it went on, and its child, with no go, ran nothing
        _wait(lambda: _status()["served"] == served + 1 and _status()["in_flight"] == 0)
        counted = _envspec("exec", run_id, "--", "cat", "count.txt")
        assert counted.stdout == "once\n"
    finally:
        _envspec("finish", run_id)
