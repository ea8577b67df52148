"""Starting, stopping and asking daemons, for ``envspec daemon``; runs in the caller's
process (the client never hands these commands to a daemon)."""

from __future__ import annotations

import contextlib
import fcntl
import glob
import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any

from envspec.cli.resident import wire
from envspec.cli.resident.server import BOOT, BOOT_ENV
from envspec.errors import DaemonError

#: how long a starting daemon may take to import and listen
READY_S = 30.0
#: how long a stopping daemon may take to let go of its socket and record
STOP_S = 10.0


@dataclass(frozen=True)
class DaemonStatus:
    """One daemon of this ``$ENVSPEC_HOME`` as it answers (``state``: ``running``); alive but
    not answering (``unresponsive``: starting, or wedged; ``pid`` from its record); or what
    is left of it: ``stale`` (a socket or record whose process is gone: killed) or
    ``stopped`` (nothing)."""

    key: str
    socket: str
    state: str
    pid: int | None = None
    started_at: float | None = None
    idle_s: float | None = None
    served: int = 0
    refused: int = 0
    last_refusal: str | None = None
    in_flight: int = 0
    read_at_import: list[str] | None = None

    def to_dict(self) -> dict[str, Any]:
        """As ``--json`` prints it."""
        return asdict(self)


def this_key() -> str:
    """The key of a daemon that would serve this process's environment."""
    return wire.key(wire.key_material())


def status(name: str | None = None) -> DaemonStatus:
    """The daemon of key ``name`` (default: this environment's)."""
    name = name or this_key()
    path = wire.socket_path(name)
    try:
        reply = _ask(name, "status")
    except OSError:
        reply = None
    if reply is not None:
        fields = DaemonStatus.__dataclass_fields__
        known: dict[str, Any] = {k: v for k, v in reply.items() if k in fields}
        return DaemonStatus(**{**known, "key": name, "socket": path, "state": "running"})
    if not _lock_free(name):
        return DaemonStatus(key=name, socket=path, state="unresponsive", pid=_recorded_pid(name))
    left = os.path.exists(path) or os.path.exists(wire.info_path(name))
    return DaemonStatus(key=name, socket=path, state="stale" if left else "stopped")


def every_status() -> list[DaemonStatus]:
    """Every daemon of this ``$ENVSPEC_HOME`` (one per key), running or stale."""
    names = {
        os.path.basename(p).split(".", 1)[0]
        for p in glob.glob(os.path.join(wire.folder(), "*"))
        if p.endswith((".sock", ".json"))
    }
    return [status(name) for name in sorted(names)]


def start(*, idle_s: float) -> tuple[DaemonStatus, bool]:
    """This environment's daemon, started unless it runs; returns it and whether it was
    started now.

    Raises:
        DaemonError: the socket's path is too long, or the daemon did not come up (its log's
            last lines say why).
    """
    name = this_key()
    now = _settled(name)
    if now.state == "running":
        return now, False
    if now.state == "unresponsive":
        raise DaemonError(
            f"an envspec daemon (pid {now.pid}) holds this environment's key but does not answer",
            hint="`envspec daemon stop` stops it",
            socket=now.socket,
        )
    _remove_leftovers(name)
    path = wire.socket_path(name)
    if len(os.fsencode(path)) + len(".4194304") > wire.MAX_SOCKET_PATH:
        raise DaemonError(
            f"the daemon's socket path is too long for a unix socket: {path}",
            hint="set ENVSPEC_HOME to a shorter folder",
            socket=path,
        )
    os.makedirs(wire.folder(), mode=0o700, exist_ok=True)
    os.chmod(wire.folder(), 0o700)
    boot = {"path": sys.path, "key": name, "idle_s": idle_s}
    # the starter's own flags, so that the daemon's key is the client's (-I, -O, -X ...)
    flags: list[str] = subprocess._args_from_interpreter_flags()  # type: ignore[attr-defined]
    log_fd = os.open(wire.log_path(name), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    with open(log_fd, "ab") as log:
        proc = subprocess.Popen(
            [sys.executable, *flags, "-c", BOOT],
            env={**os.environ, BOOT_ENV: json.dumps(boot)},
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            start_new_session=True,  # no terminal's hang-up or Ctrl-C reaches it
        )
    deadline = time.monotonic() + READY_S
    while time.monotonic() < deadline and proc.poll() is None:
        now = status(name)
        if now.state == "running":
            return now, True
        time.sleep(0.02)
    now = status(name)
    if now.state == "running":  # another start won the race
        return now, False
    if proc.poll() is None:
        proc.kill()
    proc.wait()
    tail = _log_tail(name)
    _remove_leftovers(name)
    raise DaemonError(
        f"the envspec daemon did not start{': ' + tail if tail else ''}",
        hint="envspec works without it: each command then runs in its own process",
        socket=path,
    )


def stop(*, every: bool = False) -> list[DaemonStatus]:
    """Stop this environment's daemon (``every``: every daemon of this ``$ENVSPEC_HOME``) and
    remove what a killed one left. Returns those that ran or were stale; nothing of them is
    left when it returns (commands they are serving go on and end by themselves).

    Raises:
        DaemonError: a daemon did not stop in ``STOP_S`` seconds, even killed.
    """
    found = every_status() if every else [status()]
    done = []
    for st in found:
        if st.state in ("running", "unresponsive"):
            with contextlib.suppress(OSError):
                _ask(st.key, "stop")
            if not _released(st.key) and st.pid is not None:  # it did not answer: its pid
                # is its record's, which only the live holder of the record's lock wrote
                for signum in (signal.SIGTERM, signal.SIGKILL):
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(st.pid, signum)
                    if _released(st.key):
                        break
            if not _lock_free(st.key):
                raise DaemonError(
                    f"the envspec daemon (pid {st.pid}) did not stop",
                    hint=f"kill {st.pid}, then `envspec daemon stop` again",
                    socket=st.socket,
                )
        if st.state != "stopped":
            _remove_leftovers(st.key)
            done.append(st)
    return done


def _settled(name: str) -> DaemonStatus:
    """The daemon of key ``name``, waiting out one that is starting (up to ``READY_S``)."""
    deadline = time.monotonic() + READY_S
    now = status(name)
    while now.state == "unresponsive" and time.monotonic() < deadline:
        time.sleep(0.05)
        now = status(name)
    return now


def _released(name: str) -> bool:
    """Whether the daemon of key ``name`` let go of its record within ``STOP_S``: its last
    act, after its socket is gone."""
    deadline = time.monotonic() + STOP_S
    while not _lock_free(name):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def _recorded_pid(name: str) -> int | None:
    try:
        with open(wire.info_path(name)) as f:
            return int(json.load(f)["pid"])
    except (OSError, ValueError, KeyError, TypeError):  # not written yet: it is starting
        return None


def _ask(name: str, op: str) -> dict[str, Any] | None:
    """The daemon's answer to ``op`` (None: it closed without one)."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(wire.REQUEST_TIMEOUT_S)
        sock.connect(wire.socket_path(name))
        wire.send(sock, {"op": op})
        inbox = wire.Inbox(sock)
        try:
            return inbox.read()
        finally:
            for fd in inbox.fds:
                os.close(fd)


def _lock_free(name: str) -> bool:
    """Whether no live daemon holds the record of key ``name`` (it holds it locked)."""
    try:
        fd = os.open(wire.info_path(name), os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(fd)
    return True


def _remove_leftovers(name: str) -> None:
    """What a daemon that is gone left: its socket, record and log (never a live one's)."""
    if not _lock_free(name):
        return
    for path in (wire.socket_path(name), wire.info_path(name), wire.log_path(name)):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
    for path in glob.glob(wire.socket_path(name) + ".*"):  # a start cut short
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)


def _log_tail(name: str, lines: int = 15) -> str:
    try:
        with open(wire.log_path(name), errors="replace") as f:
            return "\n".join(f.read().strip().splitlines()[-lines:])
    except FileNotFoundError:
        return ""
