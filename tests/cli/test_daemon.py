"""`envspec daemon`: a command through it is the command without it (output, exit code, terminal,
working directory, environment), signals reach it, a client that dies takes its command with
it, and changed code is never served."""

from __future__ import annotations

import json
import os
import pty
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
        assert stopped.returncode == 0, stopped.stderr
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


def test_changed_code_has_another_key(tmp_path: Path) -> None:
    before = client.daemon_key()
    module = Path(client.__file__)
    stat = module.stat()
    try:
        os.utime(module, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
        assert client.daemon_key() != before
    finally:
        os.utime(module, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert client.daemon_key() == before


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
