"""``envspec daemon``: a resident process that has imported the CLI once and runs each command
in a child forked for it, so that a harness driving the CLI a command at a time does not pay
the interpreter's and the imports' start-up every time (docs/cli.md, "The daemon").

The daemon is single-threaded: it accepts a connection from a client (:mod:`envspec.cli.client`)
of the same user, in the same namespaces and cgroup, and forks. The child takes the client's
streams, working directory, umask, environment and arguments, says it is ready, runs the CLI's
``main`` as a fresh process would once the client says go, and sends the exit status back.
Signals the client receives come over the socket; a watcher thread in the child re-sends each
to the child's main thread (where Python runs handlers and where a blocking call must be
interrupted). A client that goes away hangs the command up."""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import gc
import importlib
import io
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
import traceback
from pathlib import Path
from typing import Any, TextIO

import typer

from envspec.cli import client
from envspec.cli.render import console, print_json, reopen_consoles
from envspec.errors import BadInput, EnvspecError

log = logging.getLogger(__name__)

#: imported once by the daemon: what the commands import as they run (the CLI itself imports
#: only typer, rich and the models; docs/runtime.md, "Overhead")
PRELOAD = (
    "envspec.cli.main",
    "docker",
    "requests",
    "charset_normalizer",
    "idna",
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
MAX_IDLE_S = 30 * 86400.0
#: the signals that stop the daemon
_STOPPING = {signal.SIGTERM, signal.SIGINT}
#: the key this process serves, once it is a daemon (its `daemon` commands name it)
_serving: str | None = None


def _preload() -> None:
    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except ImportError:  # an optional part not installed: its commands import it late
            log.debug("daemon: %s not preloaded", name)


#: what a process's status says of its rights and confinement
_STATUS_FIELDS = (
    "Uid", "Gid", "Groups", "CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb",
    "NoNewPrivs", "Seccomp", "Seccomp_filters", "Cpus_allowed",
)  # fmt: skip


def _own_place(pid: int | str) -> list[object]:
    """What a process runs with: namespaces, cgroup, ids and groups, capabilities, seccomp
    and no_new_privs (Landlock needs it), its LSM label, CPUs, limits and priority. The
    daemon serves only a client that has all of its own: a command is never run with more
    rights, or fewer limits, than its client had."""
    place: list[object] = []
    for name in client._NAMESPACES:
        try:
            place.append(os.readlink(f"/proc/{pid}/ns/{name}"))
        except OSError:
            place.append(None)
    for name in ("cgroup", "limits", "attr/current"):
        try:
            place.append(Path(f"/proc/{pid}/{name}").read_text())
        except OSError:
            place.append(None)
    try:
        status = Path(f"/proc/{pid}/status").read_text().splitlines()
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return [*place, None]
    place += [line for line in status if line.split(":", 1)[0] in _STATUS_FIELDS]
    place.append(stat[16])  # nice
    return place


def serve(key: str, idle_s: float) -> None:
    """The daemon's loop: fork a child per connection of this user from the same place; stop
    after ``idle_s`` seconds without one, or on SIGTERM (``envspec daemon stop``)."""
    global _serving
    path = client.socket_path(key)
    folder = client.daemon_dir()
    if path is None or not client.private_dir(folder):
        log.warning("daemon: no private folder for the socket (%s)", folder)
        return
    _preload()
    # what the imports made is never collected in a child: its pages stay shared with the
    # daemon's instead of being copied as the collector walks them
    gc.freeze()
    os.chdir("/")  # the folder it was started from stays free
    with open(os.path.join(folder, f"{key}.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one daemon of a key binds at a time
        if client.connect(key) is not None:
            return  # another daemon of this key serves
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)  # a daemon killed outright left it
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(path)
        listener.listen(64)
        bound = os.stat(path).st_ino  # the file it removes as it stops, if still its own
    _serving = key
    mine = _own_place(os.getpid())
    activity = os.path.join(folder, f"{key}.lock")  # its time: the last command's start

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    # children are reaped by the kernel: the daemon never waits for a command
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    began = time.time()
    try:
        listener.settimeout(min(idle_s, 60.0))
        while True:
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                # idle: no command started (a child marks each start; probes do not count)
                with contextlib.suppress(OSError):
                    began = max(began, os.stat(activity).st_mtime)
                if time.time() - began > idle_s:
                    return
                continue
            pid, uid, _ = client.PEERCRED.unpack(
                conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, client.PEERCRED.size)
            )
            if uid != os.getuid() or pid <= 0 or _own_place(pid) != mine:
                conn.close()  # a client from elsewhere runs its command itself
                continue
            # a stop that came during the fork would be raised inside an at-fork hook of some
            # library, which prints and ignores it: held until the fork is done
            signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING)
            try:
                child = os.fork()
            except OSError as e:
                log.warning("daemon: fork failed: %s", e)
                conn.close()  # the client sees no start and runs the command itself
                signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPPING)
                continue
            if child == 0:
                try:
                    listener.close()
                    _child(conn, activity)
                finally:
                    os._exit(70)
            conn.close()
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPPING)
    finally:
        with contextlib.suppress(OSError):
            if os.stat(path).st_ino == bound:
                os.unlink(path)
        listener.close()


def _read_request(conn: socket.socket) -> dict[str, Any]:
    """The client's request."""
    data = b""
    while len(data) < client.LENGTH.size:
        more = conn.recv(1 << 16)
        if not more:
            raise ConnectionError("the client left before its request")
        data += more
    (length,) = client.LENGTH.unpack(data[: client.LENGTH.size])
    end = client.LENGTH.size + length
    while len(data) < end:
        more = conn.recv(end - len(data))
        if not more:
            raise ConnectionError("the client left during its request")
        data += more
    if len(data) > end:
        raise ConnectionError("the client sent more than its request before the go")
    return dict(json.loads(data[client.LENGTH.size : end]))


def _open(fd: int, mode: str, settings: dict[str, Any]) -> TextIO:
    """A standard stream as the client's interpreter made it (encoding, errors, buffering)."""
    encoding = settings.get("encoding") or "utf-8"
    errors = settings.get("errors") or "strict"
    line_buffering = bool(settings.get("line_buffering"))
    if mode == "w" and settings.get("write_through"):  # PYTHONUNBUFFERED, -u
        raw = io.FileIO(fd, "w", closefd=False)
        return io.TextIOWrapper(
            raw, encoding, errors, line_buffering=line_buffering, write_through=True
        )
    stream = open(fd, mode, encoding=encoding, errors=errors, closefd=False)  # noqa: SIM115
    assert isinstance(stream, io.TextIOWrapper)
    if mode == "w":
        stream.reconfigure(line_buffering=line_buffering)
    return stream


def _take_streams(request: dict[str, Any], fds: list[int]) -> None:
    """The client's stdin, stdout and stderr become this process's (a terminal stays one)."""
    for target, source in zip((0, 1, 2), fds, strict=True):
        os.dup2(source, target)
        os.close(source)
    settings = request["streams"]
    streams = [_open(fd, mode, s) for fd, mode, s in zip((0, 1, 2), "rww", settings, strict=True)]
    sys.stdin, sys.stdout, sys.stderr = streams
    # and their __std*__, which some code falls back to
    for name, stream in zip(("__stdin__", "__stdout__", "__stderr__"), streams, strict=True):
        setattr(sys, name, stream)


def _signal_command(main_thread: int, signum: int) -> None:
    """A signal for the command: its main thread (a blocking call there is interrupted, as in
    a process of its own); Ctrl-C and SIGTERM also reach the processes it started in its
    group, as a terminal's Ctrl-C or `timeout` does."""
    signal.pthread_kill(main_thread, signum)
    if signum == signal.SIGHUP:
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


def _watch(conn: socket.socket, done: threading.Event) -> None:
    """Pass each signal the client forwards to the command; a client gone hangs it up."""
    signal.pthread_sigmask(signal.SIG_BLOCK, client.FORWARDED)  # never this thread's
    main_thread = threading.main_thread().ident
    assert main_thread is not None
    buffer = b""
    while True:
        while len(buffer) >= 2:
            if buffer[:1] == b"S" and buffer[1] in client.FORWARDED and not done.is_set():
                _signal_command(main_thread, buffer[1])
            buffer = buffer[2:]
        try:
            chunk = conn.recv(64)
        except OSError:
            chunk = b""
        if not chunk:
            if not done.is_set():
                # its streams no longer reach anyone (a harness waiting on their pipes is not
                # kept waiting while it unwinds)
                null = os.open(os.devnull, os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(null, fd)
                os.close(null)
                # even under nohup: a client that cannot hang up is gone only when killed
                signal.pthread_kill(main_thread, signal.SIGTERM)
            return
        buffer += chunk


def _child(conn: socket.socket, activity: str) -> None:
    """One command, in the process forked for it; ends the process."""
    from envspec.cli.main import interrupt_on_sigterm, main, report_interrupted

    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    interrupt_on_sigterm()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPPING)  # held by the daemon for the fork
    os.setsid()  # a session of its own: its subprocesses are the command's, not the daemon's
    try:
        conn.settimeout(30)  # a client that connects and says nothing holds no child for long
        request = _read_request(conn)
        ignored = {int(s) for s in request["ignored"]} & {signal.SIGINT, signal.SIGHUP}
        for signum in ignored:  # as the client's own process had them (nohup, `&`)
            signal.signal(signum, signal.SIG_IGN)
        os.chdir(request["cwd"])
        os.umask(request["umask"])
        os.environ.clear()
        os.environ.update(request["env"])
        argv = [str(a) for a in request["argv"]]
        sys.argv = ["envspec", *argv]
        # the CLI configures logging as a fresh process (the daemon's own goes to its log)
        logging.root.handlers.clear()
        logging.root.setLevel(logging.WARNING)
        conn.sendall(b"R")
        conn.settimeout(60)
        go, fds, _, _ = socket.recv_fds(conn, 1, 3)
        if go != b"G" or len(fds) != 3:  # the client gave up or was interrupted: nothing runs
            os._exit(0)
        conn.settimeout(None)
        with contextlib.suppress(OSError):
            os.utime(activity)  # a command started: the daemon is not idle
        _take_streams(request, fds)
        reopen_consoles()
    except (OSError, ValueError, KeyError, TypeError) as e:
        # nothing ran: the client, seeing no start, runs the command itself
        log.debug("daemon: a request was not taken: %s", e)
        os._exit(70)
    done = threading.Event()
    code = 70
    try:
        threading.Thread(target=_watch, args=(conn, done), daemon=True).start()
        code = main(argv)
    except KeyboardInterrupt:  # as the command began, before its own handling
        code = report_interrupted(argv)
    except BaseException:  # what the interpreter does with an exception nobody caught
        traceback.print_exc()
        code = 1
    finally:
        signal.pthread_sigmask(signal.SIG_BLOCK, client.FORWARDED)
        done.set()
    code = _end_as_the_interpreter_does(code)
    with contextlib.suppress(OSError):
        conn.sendall(b"X" + struct.pack("!i", code))
    os._exit(code & 0xFF)


def _end_as_the_interpreter_does(code: int) -> int:
    """What a fresh process does after its program: wait for its other threads, run the exit
    functions, flush its streams (a stdout that cannot be written: 120, said on stderr)."""
    for thread in threading.enumerate():
        if thread is not threading.current_thread() and not thread.daemon:
            thread.join()
    with contextlib.suppress(Exception):
        atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
    except (OSError, ValueError) as e:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write(f"Exception ignored in: {sys.stdout!r}\n{type(e).__name__}: {e}\n")
        code = 120
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()
    return code


# --- the commands ------------------------------------------------------------------------------


def _key() -> str:
    """The key of the daemon these commands mean: this process's (a daemon's child: its own)."""
    return _serving or client.daemon_key()


def _daemon_pid(key: str) -> int | None:
    connection = client.connect(key)
    if connection is None:
        return None
    sock, pid = connection
    sock.close()
    return pid


def _all_daemons() -> list[str]:
    """The keys of the daemons in this ``$ENVSPEC_HOME`` that listen."""
    folder = Path(client.daemon_dir())
    if not client.private_dir(str(folder)):
        return []
    return sorted(p.stem for p in folder.glob("*.sock") if _daemon_pid(p.stem) is not None)


def _describe(key: str) -> dict[str, Any]:
    pid = _daemon_pid(key)
    return {"key": key, "running": pid is not None, "pid": pid}


def start(
    idle: str = typer.Option(DEFAULT_IDLE, help="Stop after this long without a command."),
    as_json: bool = typer.Option(False, "--json", help="Print the daemon as JSON."),
) -> None:
    """Start this environment's daemon (no-op when it runs): later `envspec` commands of this
    user, interpreter, envspec, environment and place skip their start-up."""
    from envspec.constants import envspec_home
    from envspec.models.manifest import parse_duration

    try:
        idle_s = parse_duration(idle)
    except ValueError as e:
        raise BadInput(f"--idle: {e}", hint="a duration such as 90s, 30m or 2h") from e
    if not 0 < idle_s <= MAX_IDLE_S:
        raise BadInput(
            "--idle must be longer than 0 and at most 30 days",
            hint="a duration such as 90s, 30m or 2h",
        )
    job = next((v for v in client.JOB_VARIABLES if os.environ.get(v)), None)
    if job is not None:
        raise BadInput(
            f"no daemon inside a scheduler's job ({job} is set)",
            hint="commands in a job run in its own processes; start the daemon outside it",
        )
    key = _key()
    if client.socket_path(key) is None:
        raise BadInput(
            f"the daemon's socket would not fit a unix socket's path: {client.daemon_dir()}",
            hint="use a shorter ENVSPEC_HOME",
        )
    folder = Path(client.daemon_dir())
    envspec_home()  # made private if it is new
    folder.mkdir(mode=0o700, exist_ok=True)
    if not client.private_dir(str(folder)):
        raise EnvspecError(
            f"{folder} is not a folder of yours that only you may enter",
            hint=f"chmod 700 {folder}",
        )
    if _daemon_pid(key) is None:
        log_path = folder / "daemon.log"
        with open(log_path, "ab") as log_file:
            proc = subprocess.Popen(
                [sys.executable, "-P", "-m", "envspec.cli.daemon", key, str(idle_s)],
                stdin=subprocess.DEVNULL,
                stdout=log_file,
                stderr=log_file,
                start_new_session=True,
                close_fds=True,
            )
        deadline = time.monotonic() + 30
        while _daemon_pid(key) is None:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise EnvspecError(
                    "the daemon did not start",
                    hint=f"see {log_path}; commands run without it meanwhile",
                )
            time.sleep(0.02)
    _show(_describe(key), as_json=as_json)


def status(
    every: bool = typer.Option(False, "--all", help="Every daemon of this ENVSPEC_HOME."),
    as_json: bool = typer.Option(False, "--json", help="Print as JSON."),
) -> None:
    """Whether this environment's daemon runs (with --all: every daemon of this home)."""
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
    _show(_describe(_key()), as_json=as_json)


def stop(
    every: bool = typer.Option(False, "--all", help="Every daemon of this ENVSPEC_HOME."),
    as_json: bool = typer.Option(False, "--json", help="Print what was stopped as JSON."),
) -> None:
    """Stop this environment's daemon (with --all: every daemon of this home); commands it
    is running go on to their end."""
    keys = _all_daemons() if every else [_key()]
    stopped = []
    for key in keys:
        pid = _daemon_pid(key)
        if pid is None:
            continue
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        while _daemon_pid(key) is not None:
            if time.monotonic() > deadline:
                raise EnvspecError(
                    f"the daemon (pid {pid}) did not stop within 10 s", hint=f"kill {pid}"
                )
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
    from envspec.cli import daemon  # the module the CLI's commands see, not this __main__

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(message)s")
    daemon.serve(sys.argv[1], float(sys.argv[2]))
