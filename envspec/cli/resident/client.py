"""The ``envspec`` command as installed: hands the command to this environment's daemon when
one is up (``envspec daemon start``), else runs the CLI in this process, as
``python -m envspec.cli.main`` does.

Standard library only until it knows which: what the daemon saves is importing the CLI. Through
the daemon, the command runs in a child the daemon forks, with this process's standard
streams, working directory, umask, environment and arguments; this process forwards SIGINT
(to the child's process group, as a terminal's Ctrl-C reaches every process of the command),
SIGTERM and SIGHUP, and ends as the child ended: its exit code, or killed by its signal."""

from __future__ import annotations

import os
import signal
import socket
import sys

from envspec.cli.resident import wire

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs milliseconds at every command
    from types import FrameType
    from typing import Any, NoReturn

#: signals forwarded to the command's process while it runs
FORWARDED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
#: exit code of a command whose end the daemon could not report (EXIT_ERROR in errors.py)
EXIT_LOST = 1


def main() -> NoReturn:
    """The console script: through the daemon if one serves this environment, else here."""
    argv = sys.argv[1:]
    if wire.wanted(argv):
        _through_daemon(argv)  # returns only where no daemon took the command
    from envspec.cli.main import main as run_here

    sys.exit(run_here(argv))


class _Relay:
    """Forwards the signals this process gets to the command's process once it is known;
    until then they wait."""

    def __init__(self) -> None:
        self.pid: int | None = None
        self.pending: list[int] = []
        self.forwarded: set[int] = set()
        self._before: dict[int, Any] = {}

    def install(self) -> None:
        for signum in FORWARDED:
            self._before[signum] = signal.signal(signum, self._on_signal)

    def restore(self) -> None:
        for signum, handler in self._before.items():
            signal.signal(signum, handler)

    def serve(self, pid: int) -> None:
        self.pid = pid
        for signum in self.pending:
            self._forward(signum)
        self.pending.clear()

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        if self.pid is None:
            self.pending.append(signum)
        else:
            self._forward(signum)

    def _forward(self, signum: int) -> None:
        assert self.pid is not None
        self.forwarded.add(signum)
        try:
            if signum == signal.SIGINT:  # the child leads its own process group
                os.killpg(self.pid, signum)
            else:
                os.kill(self.pid, signum)
        except ProcessLookupError:  # it has just ended; its status is on its way
            pass


def _through_daemon(argv: list[str]) -> None:
    """Run the command through the daemon and exit as it ended; return where there is no
    daemon for this environment, it refused, or it went away before starting the command."""
    try:
        material = wire.key_material()
        cwd = os.getcwd()
    except OSError:  # a working directory removed under us: the CLI says so itself
        return
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(wire.socket_path(wire.key(material)))
    except OSError:  # none, or a stale socket left by a daemon that was killed
        sock.close()
        return
    umask = os.umask(0o022)
    os.umask(umask)
    streams = [fd for fd in wire.STREAMS if _is_open(fd)]
    request = {
        "op": "run",
        "key": material,
        "argv": argv,
        "argv0": sys.argv[0],
        "cwd": cwd,
        "env": dict(os.environ),
        "umask": umask,
        "streams": streams,
    }
    relay = _Relay()
    relay.install()
    inbox = wire.Inbox(sock)
    first: dict[str, Any] | None = None
    try:
        wire.send(sock, request)
        sock.settimeout(wire.ANSWER_TIMEOUT_S)
        first = inbox.read()
        if first is not None and "pid" in first:
            # the command runs from here on, not before, with these streams
            wire.send(sock, {"go": True}, streams)
    except TimeoutError:  # a wedged daemon: its child never gets a go, so run here
        _say(
            f"the envspec daemon did not answer in {wire.ANSWER_TIMEOUT_S:.0f} s: running the "
            "command without it",
            "`envspec daemon stop` stops it",
            label="warning",
        )
        first = None
    except OSError:  # it went away before starting anything: run here
        first = None
    finally:
        _close(inbox.fds)
    if first is None or "pid" not in first:  # refused (or gone): run here, as without one
        sock.close()
        relay.restore()
        for signum in relay.pending:
            signal.raise_signal(signum)
        return
    pid = int(first["pid"])
    relay.serve(pid)
    sock.settimeout(None)
    end: dict[str, Any] | None = None
    try:
        while end is None or "exit" not in end:
            end = inbox.read()
            if end is None:
                break
    except OSError:
        end = None
    finally:
        _close(inbox.fds)
        sock.close()
    if end is None:
        _fail(
            argv,
            f"the envspec daemon's process for this command (pid {pid}) ended without an "
            "exit status: the daemon was stopped or killed while the command ran",
            "`envspec daemon status` says whether one is up; rerun the command "
            "(ENVSPEC_DAEMON=0 runs it without the daemon)",
        )
    signum = int(end.get("signal") or 0)
    if signum:
        relay.restore()
        if signum not in relay.forwarded:
            _say(f"the process serving this command (pid {pid}) was killed by signal {signum}")
        if signum not in (signal.SIGKILL, signal.SIGSTOP):  # theirs cannot be set
            signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)  # end as it ended
    sys.exit(int(end["exit"]))


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def _close(fds: list[int]) -> None:
    for fd in fds:
        os.close(fd)
    fds.clear()


def _say(message: str, hint: str | None = None, *, label: str = "error") -> None:
    """An error (or a warning) on stderr, as the CLI writes it (envspec/cli/main.py)."""
    sys.stderr.write(f"{label}: {message}\n" + (f"hint: {hint}\n" if hint else ""))
    sys.stderr.flush()


def _fail(argv: list[str], message: str, hint: str) -> NoReturn:
    """Exit with an error of the client itself, under ``--json`` also as a JSON object on
    stdout (docs/cli.md)."""
    _say(message, hint)
    if "--json" in (argv[: argv.index("--")] if "--" in argv else argv):
        import json

        error = {"kind": "error", "message": message, "hint": hint, "exit_code": EXIT_LOST}
        print(json.dumps({"error": error}, indent=2, sort_keys=True), flush=True)
    sys.exit(EXIT_LOST)


if __name__ == "__main__":
    main()
