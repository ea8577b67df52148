"""`envspec daemon`: a command through it is the command without it (output, exit code, terminal,
working directory, environment), signals reach it, a client that dies takes its command with
it, and changed code is never served."""

from __future__ import annotations

import json
import os
import pty
import resource
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from envspec.cli import client

SCRIPT = str(Path(sys.executable).parent / "envspec")
TINY = Path(__file__).resolve().parents[1] / "fixtures" / "envs" / "tiny"
#: a client in a process that reports, after the command, whether it imported the CLI itself
#: (`python -c` has the console script's key: the same interpreter, path after sys.path[0])
PROBE = (
    "import sys; from envspec.cli import client; sys.argv = ['envspec', *sys.argv[1:]]; "
    "code = client.main(); print('in-process' if 'typer' in sys.modules else 'served', "
    "file=sys.stderr); sys.exit(code)"
)


#: a client that hands a command over and, unless told to go, calls it off after the ready
HAND_OVER = """
import socket, sys
from envspec.cli import client
sock, _ = client.connect(client.daemon_key())
data, fds = client.request(sys.argv[2:])
sock.sendall(data)
assert sock.recv(1) == b"R"
if sys.argv[1] == "go":
    socket.send_fds(sock, [b"G"], fds)
    print(sock.recv(5))
sock.close()
"""


#: a process that connects to a daemon by its socket's name, whatever its own key: what it
#: is answered (b"R": served; b"": refused)
KNOCK = """
import socket, sys
from envspec.cli import client
sock = socket.socket(socket.AF_UNIX)
sock.connect(client.socket_path(sys.argv[1]))
try:
    sock.sendall(client.request(["--version"])[0])
    print(sock.recv(1))
except OSError:  # refused: closed at once
    print(b"")
"""


def envspec(*args: str, daemon: bool = True, **kwargs: object) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if not daemon:
        env["ENVSPEC_NO_DAEMON"] = "1"
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [SCRIPT, *args], capture_output=True, text=True, env=env, timeout=120, **kwargs
    )


def children_of(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def describe(pid: int) -> str:
    """A process's state and signal masks, for a failure's message."""
    try:
        status = Path(f"/proc/{pid}/status").read_text().splitlines()
        wchan = Path(f"/proc/{pid}/wchan").read_text()
    except OSError as e:
        return f"pid {pid}: {e}"
    keep = [line for line in status if line.startswith(("State", "Sig", "Shd", "Threads"))]
    return f"pid {pid}: {keep} wchan {wchan}"


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for(what: Callable[[], bool], seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if what():
            return True
        time.sleep(0.05)
    return what()


@pytest.fixture()
def daemon() -> Iterator[int]:
    """This test session's daemon (its key holds the session's ENVSPEC_HOME): its pid."""
    started = envspec("daemon", "start", "--json")
    assert started.returncode == 0, started.stderr
    pid = json.loads(started.stdout)["pid"]
    try:
        yield pid
    finally:
        stopped = envspec("daemon", "stop", "--json")
        assert stopped.returncode == 0, (stopped.stderr, describe(pid))
        assert wait_for(lambda: not alive(pid), 10), "the daemon outlived `daemon stop`"


def test_the_console_script_imports_the_standard_library_only() -> None:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import envspec.cli.client"],
        capture_output=True,
        text=True,
        check=True,
    )
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()[1:]}
    assert "envspec.cli.client" in imported
    assert not {m for m in imported if m.split(".")[0] in ("typer", "rich", "click", "docker")}
    assert not {m for m in imported if m.startswith("envspec.") and m != "envspec.cli.client"} - {
        "envspec.cli"
    }


def test_a_command_through_the_daemon_is_the_command_without_it(daemon: int) -> None:
    bad = TINY.parent / "does-not-exist"
    for args in (
        ("--version",),
        ("validate", str(TINY)),
        ("validate", str(bad)),
        ("validate", str(bad), "--json"),
        ("runs", "--json"),
        ("status", "20260101-000000-deadbeef", "--json"),
        ("no-such-command",),
    ):
        without, through = envspec(*args, daemon=False), envspec(*args)
        assert (through.returncode, through.stdout, through.stderr) == (
            without.returncode,
            without.stdout,
            without.stderr,
        ), args
    # relative to the client's working directory, with the client's environment
    here = envspec("validate", ".", cwd=TINY)
    # the `daemon` commands run in the client's own process, wherever the word stands
    assert json.loads(envspec("-v", "daemon", "status", "--json").stdout)["pid"] == daemon
    assert here.returncode == 0 and envspec("validate", ".", cwd=TINY, daemon=False).stdout == (
        here.stdout
    )
    # and it really went through the daemon: the client never imported the CLI
    probe = subprocess.run(
        [sys.executable, "-c", PROBE, "validate", str(TINY)], capture_output=True, text=True
    )
    assert probe.returncode == 0 and probe.stderr.strip().endswith("served"), probe.stderr
    alone = subprocess.run(
        [sys.executable, "-c", PROBE, "validate", str(TINY)],
        capture_output=True,
        text=True,
        env={**os.environ, "ENVSPEC_NO_DAEMON": "1"},
    )
    assert alone.stderr.strip().endswith("in-process") and alone.stdout == probe.stdout


def test_the_client_terminal_is_the_command_terminal(daemon: int) -> None:
    def on_a_terminal(no_daemon: bool) -> bytes:
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80"}
        env.pop("NO_COLOR", None)
        if no_daemon:
            env["ENVSPEC_NO_DAEMON"] = "1"
        leader, follower = pty.openpty()
        proc = subprocess.Popen(
            [SCRIPT, "validate", str(TINY.parent / "does-not-exist")],
            stdin=follower,
            stdout=follower,
            stderr=follower,
            env=env,
        )
        os.close(follower)
        output = b""
        while True:
            ready, _, _ = select.select([leader], [], [], 30)
            if not ready:
                break
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal's other end closed
                break
            if not chunk:
                break
            output += chunk
        os.close(leader)
        assert proc.wait(30) == 2
        return output

    through, without = on_a_terminal(False), on_a_terminal(True)
    assert b"\x1b[" in through  # rich saw a terminal and coloured the error
    assert through == without


def test_a_command_called_off_before_its_go_never_runs(daemon: int, tmp_path: Path) -> None:
    """A client interrupted (or given up) between the child's ready and its go: nothing runs;
    with the go the same request runs once."""
    for go in ("no", "go"):
        made = tmp_path / go
        done = subprocess.run(
            [
                sys.executable,
                "-c",
                HAND_OVER,
                go,
                "new",
                "made",
                "--no-input",
                "--output-dir",
                str(made),
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert wait_for(lambda: not children_of(daemon))
        assert (made / "made" / "envspec.yaml").exists() == (go == "go"), go


def test_a_stopped_daemon_does_not_hold_its_clients(daemon: int) -> None:
    """A daemon that does not answer (stopped, swapped out) is waited for a few seconds, then
    the client runs the command itself; the daemon, resumed, runs nothing of it."""
    os.kill(daemon, signal.SIGSTOP)
    try:
        done = envspec("validate", str(TINY))
    finally:
        os.kill(daemon, signal.SIGCONT)
    assert done.returncode == 0 and "ok" in done.stdout, done.stderr
    assert wait_for(lambda: not children_of(daemon))


def fewer_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft - 1, hard))


def test_a_daemon_serves_only_its_own_place(daemon: int) -> None:
    """A client whose limits differ (a harness's `ulimit`) has another key: not served."""
    probe = subprocess.run(
        [sys.executable, "-c", PROBE, "validate", str(TINY)],
        capture_output=True,
        text=True,
        preexec_fn=fewer_files,
    )
    assert probe.returncode == 0 and probe.stderr.strip().endswith("in-process"), probe.stderr


def test_a_daemon_refuses_a_client_with_other_limits_even_by_its_name(daemon: int) -> None:
    """The key only chooses a daemon; the daemon itself refuses a peer that runs with other
    rights or limits than its own (a confined process of the same user)."""
    key = json.loads(envspec("daemon", "status", "--json").stdout)["key"]
    alike = subprocess.run([sys.executable, "-c", KNOCK, key], capture_output=True, text=True)
    assert alike.stdout.strip() == "b'R'", alike.stderr
    other = subprocess.run(
        [sys.executable, "-c", KNOCK, key], capture_output=True, text=True, preexec_fn=fewer_files
    )
    assert other.stdout.strip() == "b''", other.stderr


def test_the_daemon_folder_is_in_the_envspec_home(monkeypatch: pytest.MonkeyPatch) -> None:
    """The client's own reading of the home (it imports no envspec module) is envspec's."""
    from envspec.constants import envspec_home

    monkeypatch.setattr(Path, "mkdir", lambda *a, **k: None)  # make nothing anywhere
    for home in (None, "/tmp/envspec-home-of-this-test"):
        if home is None:
            monkeypatch.delenv("ENVSPEC_HOME", raising=False)
        else:
            monkeypatch.setenv("ENVSPEC_HOME", home)
        assert Path(client.daemon_dir()) == envspec_home() / "daemon"


def test_changed_code_has_another_key(tmp_path: Path) -> None:
    """Any change of a module changes the stamp in the key, even one that keeps the file's
    modification time (`cp -p`, `rsync -a`)."""
    module = tmp_path / "envspec" / "cli" / "thing.py"
    module.parent.mkdir(parents=True)
    module.write_text("A = 1\n")
    before = client.code_stamp(str(tmp_path / "envspec"))
    assert client.code_stamp(str(tmp_path / "envspec")) == before
    stat = module.stat()
    module.write_text("A = 22\n")
    os.utime(module, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert client.code_stamp(str(tmp_path / "envspec")) != before
    assert str(module.parent) in json.dumps(before)


def test_a_daemon_killed_is_replaced_by_the_command_itself() -> None:
    started = envspec("daemon", "start", "--json")
    pid = json.loads(started.stdout)["pid"]
    os.kill(pid, signal.SIGKILL)
    assert wait_for(lambda: not alive(pid), 10)
    done = envspec("validate", str(TINY))
    assert done.returncode == 0, done.stderr
    status = envspec("daemon", "status", "--json")
    assert json.loads(status.stdout)["running"] is False
    assert not [
        d
        for d in json.loads(envspec("daemon", "status", "--all", "--json").stdout)["daemons"]
        if d["pid"] == pid
    ]


@pytest.mark.integration
@pytest.mark.parametrize(
    ("signum", "through_daemon"),
    [
        (signal.SIGINT, True),
        (signal.SIGTERM, True),
        (signal.SIGKILL, True),
        (signal.SIGINT, False),
        (signal.SIGTERM, False),
    ],
)
def test_a_signal_to_the_client_ends_its_command(
    signum: int, through_daemon: bool, daemon: int, publish: Callable[..., str]
) -> None:
    """Ctrl-C and SIGTERM reach the command, which says it was interrupted and exits 130 while
    it waits on the engine, as without the daemon; a client killed outright hangs its command
    up. Meanwhile another command is served."""
    run = envspec("run", publish(), "--backend", "docker")
    assert run.returncode == 0, run.stderr
    run_id = run.stdout.strip()
    env = dict(os.environ)
    if not through_daemon:
        env["ENVSPEC_NO_DAEMON"] = "1"
    proc = subprocess.Popen(
        [SCRIPT, "exec", run_id, "--", "sh", "-c", "touch began; sleep 120"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        # through the daemon the command runs in its child; another command is served meanwhile
        assert wait_for(lambda: len(children_of(daemon)) == int(through_daemon))
        served = children_of(daemon)
        began = ("exec", run_id, "--", "test", "-e", "began")
        assert wait_for(lambda: envspec(*began).returncode == 0)
        proc.send_signal(signum)
        _, err = proc.communicate(timeout=30)
        code = proc.returncode
        assert wait_for(lambda: not any(alive(pid) for pid in served), 30), "it outlived its client"
    finally:
        proc.kill()
        proc.wait()
    if signum == signal.SIGKILL:
        assert code == -signal.SIGKILL
    else:
        assert code == 130 and "interrupted" in err, err
    # the run is as an interrupted command leaves it: still usable
    after = envspec("exec", run_id, "--", "true")
    assert after.returncode == 0, after.stderr
    assert envspec("finish", run_id).returncode == 0
