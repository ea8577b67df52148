"""The ``envspec`` console script: hands the command to a running daemon, else runs the CLI.

A daemon (``envspec daemon start``, :mod:`envspec.cli.daemon`) has imported the CLI once and
forks a child per command; this client only connects, passes its streams, working directory,
environment and arguments, forwards the signals a terminal or a harness sends, and exits as
the command did. It imports the standard library only, so that a command through a daemon
starts in a few hundredths of a second. With no daemon of this client's key listening, it runs
the CLI in its own process, exactly as before.

The wire, one unix stream socket per command, ``$ENVSPEC_HOME/daemon/<key>.sock`` in a folder
only its user may enter: the client sends a length-prefixed JSON request; the child answers
``R`` once it is ready, and runs the command only when the client answers ``G`` with its three
streams as SCM_RIGHTS (a client interrupted or given up before that closes the socket, and
nothing runs); then the client sends ``S`` and a signal number for each signal it receives,
and the child answers ``X`` with the exit status when the command ends."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import socket
import struct
import sys
from types import FrameType

#: a variable that switches the daemon off for one command
ENV_NO_DAEMON = "ENVSPEC_NO_DAEMON"
#: forwarded to the command: a terminal's Ctrl-C, a harness's timeout, a closed terminal
FORWARDED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
#: variables that say the process runs inside a batch scheduler's job: a command must stay in
#: the job's own process tree (its cgroup, its GPUs), and no daemon may be started there
JOB_VARIABLES = ("SLURM_JOB_ID", "PBS_JOBID", "LSB_JOBID")
PEERCRED = struct.Struct("3i")  # struct ucred: pid, uid, gid
LENGTH = struct.Struct("!I")
#: how long a client waits for a daemon's child to be ready before it runs the command itself
READY_S = 10.0
_UNIX_PATH_MAX = 107
#: variables the interpreter or a module reads as it starts: a daemon that imported with other
#: values would not be the process a fresh command is
_KEY_PREFIXES = ("PYTHON", "LC_", "TYPER_", "LD_", "MALLOC_")
_KEY_NAMES = ("LANG", "TZ", "ENVSPEC_HOME", "HOME", "GLIBC_TUNABLES", "OPENSSL_CONF")
_NAMESPACES = ("cgroup", "ipc", "mnt", "net", "pid", "user", "uts")


def code_stamp(root: str | None = None) -> list[object]:
    """envspec's modules (path, modification and change times, size; those under ``root``
    when given) and the installed distributions on the import path: a daemon started before
    any of them changed has another key, so changed code is never served from an old import
    (not even a file replaced with its old modification time, as `cp -p` or `rsync -a` do)."""
    root = root or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    stamp: list[object] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "templates"))
        for name in sorted(files):
            if name.endswith(".py"):
                st = os.stat(os.path.join(folder, name))
                stamp.append([folder, name, st.st_mtime_ns, st.st_ctime_ns, st.st_size])
    for entry in sys.path[1:]:
        try:
            names = os.listdir(entry)
        except OSError:
            continue
        stamp.append([entry, sorted(n for n in names if n.endswith((".dist-info", ".pth")))])
    return stamp


def where_it_runs() -> list[object]:
    """What a command inherits from the process that runs it: namespaces, cgroup, limits,
    CPUs and priority. A client in another (a sandbox, a scheduler's job, a `ulimit`, a
    `taskset`) computes another key, so no daemon started elsewhere serves it."""
    import resource  # a builtin module: microseconds

    spaces: list[str | None] = []
    for name in _NAMESPACES:
        try:
            spaces.append(os.readlink(f"/proc/self/ns/{name}"))
        except OSError:
            spaces.append(None)
    try:
        with open("/proc/self/cgroup") as f:
            cgroup = f.read()
    except OSError:
        cgroup = None
    limits = [
        resource.getrlimit(getattr(resource, name))
        for name in sorted(dir(resource))
        if name.startswith("RLIMIT_")
    ]
    return [spaces, cgroup, limits, sorted(os.sched_getaffinity(0)), os.getpriority(0, 0)]


def daemon_key() -> str:
    """The key of the daemon that may serve this process: the user and groups, the
    interpreter and its import path, envspec's files, the variables read at start-up and
    where the process runs (docs/cli.md, "The daemon")."""
    env = {k: v for k, v in os.environ.items() if k.startswith(_KEY_PREFIXES) or k in _KEY_NAMES}
    what = {
        "user": [os.getuid(), os.getgid(), sorted(os.getgroups())],
        "python": [_executable(), sys.version, sys.prefix, sys.path[1:], list(sys.flags)],
        "envspec": code_stamp(),
        "env": sorted(env.items()),
        "where": where_it_runs(),
    }
    return hashlib.sha256(json.dumps(what).encode("utf-8", "surrogateescape")).hexdigest()[:32]


def _executable() -> list[object]:
    real = os.path.realpath(sys.executable)
    try:
        st = os.stat(real)
    except OSError:
        return [real]
    return [real, st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino]


def daemon_dir() -> str:
    """``$ENVSPEC_HOME/daemon``, absolute (not created here). The home's default is
    ``envspec.constants.envspec_home``'s, written out so that the client imports no pathlib
    (tests/cli/test_daemon.py checks that the two agree)."""
    home = os.environ.get("ENVSPEC_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share", "envspec"
    )
    return os.path.abspath(os.path.join(home, "daemon"))


def socket_path(key: str) -> str | None:
    """Where this key's daemon listens; None where the path would be too long for a unix
    socket (then no daemon is used)."""
    path = os.path.join(daemon_dir(), f"{key}.sock")
    return path if len(os.fsencode(path)) <= _UNIX_PATH_MAX else None


def private_dir(path: str) -> bool:
    """Whether ``path`` is a folder of this user that nobody else may enter."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    return st.st_uid == os.getuid() and (st.st_mode & 0o077) == 0


def connect(key: str) -> tuple[socket.socket, int] | None:
    """A connection to this key's daemon and the daemon's pid, or None where none listens
    (or its folder is not private, or the listener is not this user's in this pid space)."""
    path = socket_path(key)
    if path is None or not private_dir(os.path.dirname(path)):
        return None
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(1.0)  # a daemon whose queue is full is no daemon
        sock.connect(path)
        pid, uid, _ = PEERCRED.unpack(
            sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, PEERCRED.size)
        )
    except OSError:
        sock.close()
        return None
    if uid != os.getuid() or pid <= 0:
        sock.close()
        return None
    return sock, pid


def _stream(stream: object) -> dict[str, object]:
    return {
        name: getattr(stream, name, None)
        for name in ("encoding", "errors", "line_buffering", "write_through")
    }


def request(argv: list[str]) -> tuple[bytes, list[int]] | None:
    """The command as the child needs it, and the streams to pass; None where this process
    cannot be handed over (a deleted working directory)."""
    try:
        cwd = os.getcwd()
    except OSError:
        return None
    umask = os.umask(0)
    os.umask(umask)
    body = {
        "argv": argv,
        "env": dict(os.environ),
        "cwd": cwd,
        "umask": umask,
        "streams": [_stream(s) for s in (sys.stdin, sys.stdout, sys.stderr)],
        "ignored": [s for s in FORWARDED if signal.getsignal(s) == signal.SIG_IGN],
    }
    data = json.dumps(body).encode()  # ASCII: lone surrogates of undecodable bytes escaped
    return LENGTH.pack(len(data)) + data, [0, 1, 2]


def _recv_byte(sock: socket.socket, deadline: float | None, received: list[int]) -> bytes:
    """One byte from the daemon's child; b"" at its end, at the deadline, or once a signal
    came (the caller looks at ``received``)."""
    import time

    while not received:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                return b""
            sock.settimeout(min(left, 0.2))
        try:
            return sock.recv(1)
        except TimeoutError:
            continue
        except OSError:
            return b""
    return b""


def served(sock: socket.socket, argv: list[str]) -> int | None:
    """Hand the command to the daemon's child and wait for its end: the exit status, or None
    where the command did not start there (nothing ran: run it here)."""
    import time

    made = request(argv)
    if made is None:
        sock.close()
        return None
    data, fds = made
    received: list[int] = []
    go = False

    def forward(signum: int, frame: FrameType | None) -> None:
        # runs in this (the main) thread between two steps below: before the go the command
        # is called off; after it each signal is passed on
        received.append(signum)
        if go:
            try:  # noqa: SIM105 - contextlib is one import more for every command
                sock.sendall(b"S" + bytes([signum]))
            except OSError:
                pass  # the child is gone: its end is read below

    # an ignored signal stays ignored (nohup, a script's `&`); SIGTERM the CLI always handles
    handled = [s for s in FORWARDED if signal.getsignal(s) != signal.SIG_IGN or s == signal.SIGTERM]
    previous = {s: signal.signal(s, forward) for s in handled}
    try:
        try:
            sock.settimeout(READY_S)
            sock.sendall(data)
        except OSError:
            return _not_started(received)
        if _recv_byte(sock, time.monotonic() + READY_S, received) != b"R":
            return _not_started(received)
        # no signal may slip between the go and the forwarding: held until both are done
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, handled)
        try:
            if not received:
                sock.settimeout(None)
                try:
                    # the streams go with the go: a daemon that never reads them (stopped,
                    # gone) must not hold a harness's pipes open from its socket's queue
                    go = socket.send_fds(sock, [b"G"], fds) == 1
                except OSError:
                    go = False
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # a held signal is handled here
        if not go:
            return _not_started(received)
        buffer = b""
        while True:
            try:
                chunk = sock.recv(64)
            except OSError:
                chunk = b""
            if not chunk:
                break
            buffer += chunk
            if len(buffer) >= 5 and buffer[:1] == b"X":
                return int(struct.unpack("!i", buffer[1:5])[0])
        # the command's process ended without an exit status: killed by a signal we passed
        # on that it does not catch (SIGHUP), or by something else (the OOM killer)
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
    """The command did not start in the daemon: run it here, unless it was interrupted
    meanwhile (then it ends as a command interrupted before it began)."""
    if not received:
        return None
    print(
        "error: interrupted before the command began; nothing was done",
        file=sys.stderr,
    )
    return 130


def _wants_daemon(args: list[str]) -> bool:
    if os.environ.get(ENV_NO_DAEMON) or any(os.environ.get(v) for v in JOB_VARIABLES):
        return False
    # `daemon` commands manage daemons and run here (the first word that is not an option)
    command = next((a for a in args if not a.startswith("-")), None)
    if command == "daemon":
        return False
    # a closed stdin, stdout or stderr: the socket would take its number
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            return False
    return True


def main() -> int:
    """The console script: through this key's daemon where one listens, else in-process."""
    args = sys.argv[1:]
    # no daemon folder (none was ever started here, the common case): no key to compute
    if _wants_daemon(args) and private_dir(daemon_dir()):
        connection = connect(daemon_key())
        if connection is not None:
            code = served(connection[0], args)
            if code is not None:
                return code
    from envspec.cli.main import main as run_here

    return run_here()


if __name__ == "__main__":
    sys.exit(main())
