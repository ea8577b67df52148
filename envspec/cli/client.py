"""The ``envspec`` console script: hands the command to a running daemon, else runs the CLI.

A daemon (``envspec daemon start``, :mod:`envspec.cli.daemon`) has imported the CLI once and
forks a child per command; this client only connects, passes its streams, working directory,
environment and arguments, forwards the signals a terminal or a harness sends, and exits as
the command did. It imports the standard library only, so that a command through a daemon
starts in a few hundredths of a second. With no daemon of this client's key listening, it runs
the CLI in its own process, exactly as before.

The wire, one unix stream socket per command (an abstract name: nothing on disk to go stale):
the client sends a length-prefixed JSON request with its three streams as SCM_RIGHTS, then one
byte ``S`` and a signal number for each signal it receives; the child answers ``R`` when the
command starts and ``X`` with the exit status when it ends."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import signal
import socket
import struct
import sys
from types import FrameType

#: variables that switch the daemon off for one command
ENV_NO_DAEMON = "ENVSPEC_NO_DAEMON"
#: forwarded to the command; a terminal's Ctrl-C, a harness's timeout, a closed terminal
FORWARDED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
_PEERCRED = struct.Struct("3i")  # struct ucred: pid, uid, gid
_LENGTH = struct.Struct("!I")
#: what must be the same for a daemon's imported modules to be the ones a fresh process would
#: import: variables the interpreter or a module reads as it starts
_KEY_PREFIXES = ("PYTHON", "LC_", "TYPER_")
_KEY_NAMES = ("LANG", "TZ", "ENVSPEC_HOME", "HOME")


def code_stamp() -> list[tuple[str, int]]:
    """Every envspec module's path and modification time: a daemon started before a file
    changed has another key, so changed code is never served from an old import."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    stamp = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and d != "templates")
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                stamp.append((path, os.stat(path).st_mtime_ns))
    return stamp


def daemon_key() -> str:
    """The abstract socket name of the daemon that may serve this process: this user and
    groups, the interpreter and its import path, envspec's files, and the variables read at
    start-up (docs/cli.md, "The daemon")."""
    env = {k: v for k, v in os.environ.items() if k.startswith(_KEY_PREFIXES) or k in _KEY_NAMES}
    what = {
        "user": [os.getuid(), os.getgid(), sorted(os.getgroups())],
        "python": [os.path.realpath(sys.executable), sys.prefix, sys.path[1:], list(sys.flags)],
        "envspec": code_stamp(),
        "env": sorted(env.items()),
    }
    digest = hashlib.sha256(json.dumps(what).encode()).hexdigest()[:40]
    return f"envspec-cli-{os.getuid()}-{digest}"


def connect(key: str) -> tuple[socket.socket, int] | None:
    """A connection to this key's daemon and the daemon's pid, or None where none listens or
    the listener is not this user (a squatted name is never handed our streams)."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect("\0" + key)
        pid, uid, _ = _PEERCRED.unpack(
            sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _PEERCRED.size)
        )
    except OSError:
        sock.close()
        return None
    if uid != os.getuid():
        sock.close()
        return None
    return sock, pid


def _request() -> tuple[bytes, list[int]] | None:
    """The command as the child needs it, and the streams to pass; None where something about
    this process cannot be handed over (a deleted working directory)."""
    try:
        cwd = os.getcwd()
    except OSError:
        return None
    fds = []
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
            fds.append(fd)
        except OSError:
            pass  # a closed stream: the child gets /dev/null in its place
    umask = os.umask(0)
    os.umask(umask)
    body = {
        "argv": sys.argv[1:],
        "env": dict(os.environ),
        "cwd": cwd,
        "umask": umask,
        "fds": fds,
        "encoding": [getattr(sys.stdout, "encoding", None), getattr(sys.stdout, "errors", None)],
    }
    data = json.dumps(body).encode("utf-8", "surrogateescape")
    return _LENGTH.pack(len(data)) + data, fds


def _served(sock: socket.socket) -> int | None:
    """Hand the command to the daemon's child and wait for its end; the exit status, or None
    where the child ended before the command started (then nothing ran: run it here)."""
    request = _request()
    if request is None:
        return None
    data, fds = request
    received: list[int] = []
    sent = False

    def forward(signum: int, frame: FrameType | None) -> None:
        # runs in this (the main) thread between two steps below, never inside a send: a
        # signal that comes before the request is out is sent just after it
        received.append(signum)
        if sent:
            with contextlib.suppress(OSError):  # the child is gone: its end is read below
                sock.sendall(b"S" + bytes([signum]))

    previous = {s: signal.signal(s, forward) for s in FORWARDED}
    try:
        try:
            socket.send_fds(sock, [data], fds)
            sent = True
            for signum in list(received):
                sock.sendall(b"S" + bytes([signum]))
        except OSError:
            return _not_started(received)
        started = False
        buffer = b""
        while True:
            try:
                chunk = sock.recv(64)
            except OSError:
                chunk = b""
            if not chunk:
                break
            buffer += chunk
            if buffer.startswith(b"R"):
                started, buffer = True, buffer[1:]
            if buffer.startswith(b"X") and len(buffer) >= 5:
                return int(struct.unpack("!i", buffer[1:5])[0])
        if not started:
            return _not_started(received)
        # the command's process ended without an exit status: killed by a signal we passed
        # on (one it does not catch, as SIGHUP) or by someone else
        if received:
            signal.signal(received[-1], signal.SIG_DFL)
            os.kill(os.getpid(), received[-1])
        print("envspec: the daemon's process for this command died", file=sys.stderr)
        return 70
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        sock.close()


def _not_started(received: list[int]) -> int | None:
    """The command never started in the daemon: run it here, unless it was interrupted
    meanwhile (then it ends as a command interrupted before it began)."""
    if not received:
        return None
    print("envspec: interrupted before the command began; nothing was done", file=sys.stderr)
    return 130


def main() -> int:
    """The console script: through this key's daemon where one listens, else in-process."""
    args = sys.argv[1:]
    # `daemon` commands manage daemons and run here; inside a Slurm job a command must stay
    # in the job's own process tree (its cgroup, its GPUs)
    wanted = not os.environ.get(ENV_NO_DAEMON) and not os.environ.get("SLURM_JOB_ID")
    if wanted and not (args and args[0] == "daemon"):
        connection = connect(daemon_key())
        if connection is not None:
            code = _served(connection[0])
            if code is not None:
                return code
    from envspec.cli.main import main as run_here

    return run_here()


if __name__ == "__main__":
    sys.exit(main())
