"""``envspec daemon``: a resident process that has imported the CLI once and runs each command
in a child forked for it, so that a harness driving the CLI a command at a time does not pay
the interpreter's and the imports' start-up every time (docs/cli.md, "The daemon").

The daemon is single-threaded: it accepts a connection from a client (:mod:`envspec.cli.client`)
of the same user and forks. The child takes the client's streams, working directory, umask,
environment and arguments, runs the CLI's ``main`` as a fresh process would, and sends the exit
status back. Signals the client receives come over the socket; a watcher thread in the child
re-sends each to the child's main thread (where Python runs handlers and where a blocking call
must be interrupted). A client that goes away hangs the command up (SIGTERM: it unwinds as on
Ctrl-C)."""

from __future__ import annotations

import atexit
import contextlib
import gc
import importlib
import json
import logging
import os
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import typer

from envspec.cli import client
from envspec.cli.render import console, print_json, reopen_consoles
from envspec.errors import EnvspecError

log = logging.getLogger(__name__)

#: imported once by the daemon: what the commands import as they run (the CLI itself imports
#: only typer, rich and the models; docs/runtime.md, "Overhead")
PRELOAD = (
    "envspec.cli.main",
    "docker",
    "requests",
    "envspec.oci.engine",
    "envspec.oci.registry_http",
    "envspec.runtime.runs",
    "envspec.runtime.backends.docker",
    "envspec.runtime.backends.local",
    "envspec.models.manifest",
    "envspec.schema.schemas",
    "jsonschema",
    "yaml",
)
DEFAULT_IDLE = "30m"


def _preload() -> None:
    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except ImportError:  # an optional part not installed: its commands import it late
            log.debug("daemon: %s not preloaded", name)
    # the first request through requests imports its encodings lazily
    with contextlib.suppress(ImportError):
        importlib.import_module("charset_normalizer")
        importlib.import_module("idna")


def serve(key: str, idle_s: float) -> None:
    """The daemon's loop: fork a child per connection of this user; stop after ``idle_s``
    seconds without one (or on SIGTERM, ``envspec daemon stop``)."""
    _preload()
    # what the imports made is never collected in a child: its pages stay shared with the
    # daemon's instead of being copied as the collector walks them
    gc.freeze()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind("\0" + key)
    except OSError:
        return  # another daemon of this key got there first: it serves
    listener.listen(64)
    # children are reaped by the kernel: the daemon never waits for a command
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    listener.settimeout(idle_s)
    while True:
        try:
            conn, _ = listener.accept()
        except TimeoutError:
            return
        except OSError as e:
            log.warning("daemon: accept failed: %s", e)
            time.sleep(0.1)
            continue
        _, uid, _ = client._PEERCRED.unpack(
            conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, client._PEERCRED.size)
        )
        if uid != os.getuid():
            conn.close()
            continue
        try:
            pid = os.fork()
        except OSError as e:
            log.warning("daemon: fork failed: %s", e)
            conn.close()  # the client sees no start and runs the command itself
            continue
        if pid == 0:
            try:
                listener.close()
                _child(conn)
            finally:
                os._exit(70)
        conn.close()


def _read_request(conn: socket.socket) -> tuple[dict[str, Any], list[int], bytes]:
    """The client's request, its streams, and whatever came after it (signals)."""
    data, fds, _, _ = socket.recv_fds(conn, 1 << 16, 3)
    while len(data) < client._LENGTH.size:
        more = conn.recv(1 << 16)
        if not more:
            raise ConnectionError("the client left before its request")
        data += more
    (length,) = client._LENGTH.unpack(data[: client._LENGTH.size])
    end = client._LENGTH.size + length
    while len(data) < end:
        more = conn.recv(1 << 16)
        if not more:
            raise ConnectionError("the client left during its request")
        data += more
    return json.loads(data[client._LENGTH.size : end]), fds, data[end:]


def _take_streams(request: dict[str, Any], fds: list[int]) -> None:
    """The client's stdin, stdout and stderr become this process's (a terminal stays one)."""
    given = dict(zip(request["fds"], fds, strict=True))
    for target in (0, 1, 2):
        source = given.get(target)
        if source is None:
            source = os.open(os.devnull, os.O_RDWR)
        os.dup2(source, target)
        os.close(source)
    encoding, errors = request["encoding"]
    encoding = encoding or "utf-8"
    # the streams a fresh interpreter would make (and its __std*__, which some code falls back
    # to): stdout line-buffered on a terminal only, stderr always
    stdin = open(0, encoding=encoding, closefd=False)  # noqa: SIM115
    out = open(1, "w", encoding=encoding, errors=errors or "strict", closefd=False)  # noqa: SIM115
    out.reconfigure(line_buffering=out.isatty())
    err = open(2, "w", encoding=encoding, errors="backslashreplace", closefd=False)  # noqa: SIM115
    err.reconfigure(line_buffering=True)
    sys.stdin, sys.stdout, sys.stderr = stdin, out, err
    for name, stream in (("__stdin__", stdin), ("__stdout__", out), ("__stderr__", err)):
        setattr(sys, name, stream)


def _watch(conn: socket.socket, rest: bytes, done: threading.Event) -> None:
    """Pass each signal the client forwards to the main thread; a client gone hangs up."""
    signal.pthread_sigmask(signal.SIG_BLOCK, client.FORWARDED)  # never this thread's
    main_thread = threading.main_thread().ident
    assert main_thread is not None
    buffer = rest
    while True:
        while len(buffer) >= 2 and buffer[:1] == b"S":
            if not done.is_set():
                _signal_command(main_thread, buffer[1])
            buffer = buffer[2:]
        try:
            chunk = conn.recv(64)
        except OSError:
            chunk = b""
        if not chunk:
            if not done.is_set():
                signal.pthread_kill(main_thread, signal.SIGTERM)
            return
        buffer += chunk


def _signal_command(main_thread: int, signum: int) -> None:
    """A signal for the command: its main thread (a blocking call there is interrupted, as in
    a process of its own); Ctrl-C also reaches the processes it started in its group, as a
    terminal's does."""
    signal.pthread_kill(main_thread, signum)
    if signum != signal.SIGINT:
        return
    me = os.getpid()
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == me:
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[2]) == me:  # its process group is the command's (setsid below)
                os.kill(int(entry), signum)
        except (OSError, IndexError, ValueError):
            continue  # gone meanwhile


def _child(conn: socket.socket) -> None:
    """One command, in the process forked for it; ends the process."""
    from envspec.cli.main import interrupt_on_sigterm, main

    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    interrupt_on_sigterm()
    os.setsid()  # a session of its own: its subprocesses are the command's, not the daemon's
    try:
        conn.settimeout(30)  # a client that connects and says nothing holds no child for long
        request, fds, rest = _read_request(conn)
        conn.settimeout(None)
        _take_streams(request, fds)
        os.chdir(request["cwd"])
        os.umask(request["umask"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = ["envspec", *request["argv"]]
        reopen_consoles()
    except (OSError, ValueError, KeyError, TypeError) as e:
        # nothing ran: the client, seeing no start, runs the command itself
        log.warning("daemon: a request could not be taken: %s", e)
        os._exit(70)
    done = threading.Event()
    code = 70
    try:
        conn.sendall(b"R")
        threading.Thread(target=_watch, args=(conn, rest, done), daemon=True).start()
        code = main(request["argv"])
    except KeyboardInterrupt:
        code = 130  # interrupted as the command began or as it reported its error
    except BaseException:  # whatever it was, the client gets a status
        code = 70
    finally:
        signal.pthread_sigmask(signal.SIG_BLOCK, client.FORWARDED)
        done.set()
    for thread in threading.enumerate():  # as the interpreter does before it exits
        if thread is not threading.current_thread() and not thread.daemon:
            thread.join()
    with contextlib.suppress(Exception):
        atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    with contextlib.suppress(OSError):
        conn.sendall(b"X" + struct.pack("!i", code))
    os._exit(code & 0xFF)


# --- the commands ------------------------------------------------------------------------------


def _daemon_pid(key: str) -> int | None:
    connection = client.connect(key)
    if connection is None:
        return None
    sock, pid = connection
    sock.close()
    return pid


def _all_daemons() -> list[str]:
    """The keys of this user's daemons that listen (their abstract names in /proc/net/unix)."""
    prefix = f"@envspec-cli-{os.getuid()}-"
    keys = set()
    with contextlib.suppress(OSError), open("/proc/net/unix") as table:
        for line in table:
            name = line.split()[-1] if line.strip() else ""
            if name.startswith(prefix):
                keys.add(name[1:])
    return sorted(keys)


def _describe(key: str) -> dict[str, Any]:
    pid = _daemon_pid(key)
    return {"key": key, "running": pid is not None, "pid": pid}


def start(
    idle: str = typer.Option(DEFAULT_IDLE, help="Stop after this long without a command."),
    as_json: bool = typer.Option(False, "--json", help="Print the daemon as JSON."),
) -> None:
    """Start this environment's daemon (no-op when it runs): later `envspec` commands of this
    user, interpreter, envspec and environment skip the start-up."""
    from envspec.models.manifest import parse_duration

    try:
        idle_s = parse_duration(idle)
    except ValueError as e:
        raise EnvspecError(f"--idle: {e}", hint="a duration such as 90s, 30m or 2h") from e
    key = client.daemon_key()
    if _daemon_pid(key) is None:
        log_path = _log_path()
        with open(log_path, "ab") as log_file:
            subprocess.Popen(
                [sys.executable, "-P", "-m", "envspec.cli.daemon", key, str(idle_s)],
                stdin=subprocess.DEVNULL,
                stdout=log_file,
                stderr=log_file,
                start_new_session=True,
                close_fds=True,
            )
        deadline = time.monotonic() + 30
        while _daemon_pid(key) is None:
            if time.monotonic() > deadline:
                raise EnvspecError(
                    "the daemon did not start within 30 s",
                    hint=f"see {log_path}; commands run without it meanwhile",
                )
            time.sleep(0.02)
    _show(_describe(key), as_json=as_json)


def status(
    every: bool = typer.Option(False, "--all", help="Every daemon of this user."),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Whether this environment's daemon runs (with --all: every daemon of this user)."""
    if every:
        found = [_describe(key) for key in _all_daemons()]
        if as_json:
            print_json({"daemons": found})
        else:
            for daemon in found:
                console.print(f"{daemon['key']}  pid {daemon['pid']}", highlight=False)
            if not found:
                console.print("no daemon runs", highlight=False)
        return
    _show(_describe(client.daemon_key()), as_json=as_json)


def stop(
    every: bool = typer.Option(False, "--all", help="Every daemon of this user."),
    as_json: bool = typer.Option(False, "--json", help="Print what was stopped as JSON."),
) -> None:
    """Stop this environment's daemon (with --all: every daemon of this user); commands it is
    running go on to their end."""
    keys = _all_daemons() if every else [client.daemon_key()]
    stopped = []
    for key in keys:
        pid = _daemon_pid(key)
        if pid is None:
            continue
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        while _daemon_pid(key) is not None and time.monotonic() < deadline:
            time.sleep(0.02)
        stopped.append({"key": key, "pid": pid})
    if as_json:
        print_json({"stopped": stopped})
    else:
        console.print(f"stopped {len(stopped)} daemon(s)", highlight=False)


def _show(daemon: dict[str, Any], *, as_json: bool) -> None:
    if as_json:
        print_json(daemon)
    elif daemon["running"]:
        console.print(f"daemon running, pid {daemon['pid']}", highlight=False)
    else:
        console.print("no daemon runs for this environment", highlight=False)


def _log_path() -> Path:
    from envspec.constants import envspec_home

    return envspec_home() / "daemon.log"


def register(app: typer.Typer) -> None:
    """Add ``envspec daemon start|status|stop``."""
    group = typer.Typer(
        help="A resident process that runs commands without their start-up (docs/cli.md).",
        no_args_is_help=True,
    )
    group.command("start")(start)
    group.command("status")(status)
    group.command("stop")(stop)
    app.add_typer(group, name="daemon")


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(message)s")
    serve(sys.argv[1], float(sys.argv[2]))
