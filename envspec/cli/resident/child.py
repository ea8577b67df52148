"""What the daemon's forked child does: become the client's process, run the command, and
send its exit status back as the process ends.

Everything a fresh ``envspec`` process would take from its start is taken from the client
instead of the daemon: the standard streams (the client's descriptors, wrapped as the
interpreter wraps them: buffering by terminal, the same encoding), the working directory,
the umask, the environment, ``sys.argv``, the signal handlers, its own process group, and the
CLI's consoles (sized and coloured for the client's terminal). What the daemon holds beyond
that is what importing modules made, the same in any process with the same key
(``wire.key_material``) and the same variables read at import, which the daemon checked."""

from __future__ import annotations

import atexit
import contextlib
import io
import os
import signal
import socket
import sys
import threading
import traceback
from dataclasses import dataclass
from typing import Any, NoReturn

from envspec.cli.resident import wire

#: what the command ends with when envspec itself failed around it (EXIT_INTERNAL)
EXIT_INTERNAL = 70
EXIT_INTERRUPTED = 130


@dataclass
class Request:
    """A command to serve: the client's message and its connection."""

    message: dict[str, Any]
    conn: socket.socket


@dataclass(frozen=True)
class StreamSettings:
    """How this interpreter made its standard streams (read in the daemon at start, before
    anything replaced them): the client's are made the same way."""

    encodings: tuple[str, ...]
    errors: tuple[str, ...]
    unbuffered: bool

    @classmethod
    def of_this_process(cls) -> StreamSettings:
        streams = (sys.stdin, sys.stdout, sys.stderr)
        return cls(
            encodings=tuple(s.encoding if s else "utf-8" for s in streams),
            errors=tuple((s.errors or "strict") if s else "strict" for s in streams),
            unbuffered=bool(getattr(sys.stdout, "write_through", False)),
        )


def serve(request: Request, settings: StreamSettings) -> NoReturn:
    """Become the client's process, tell the client this process's id, run the command once
    the client says go, and end as an interpreter ends (threads joined, exit handlers run,
    output flushed), its exit status sent to the client last."""
    message, conn = request.message, request.conn
    conn.setblocking(True)
    try:
        os.setpgid(0, 0)  # the client's SIGINT goes to the command's whole process group
        _signals_as_at_start()
        os.chdir(message["cwd"])
        os.umask(int(message["umask"]))
        os.environ.clear()
        os.environ.update(message["env"])
        sys.argv = [message["argv0"], *message["argv"]]
        # The command runs once the client says go, with its streams: a client that gave up
        # waiting (and runs the command itself) never does, so no command runs twice, and no
        # copy of its streams stays behind in a daemon that did not answer (a reader of its
        # output would wait for their end).
        wire.send(conn, {"pid": os.getpid()})
        conn.settimeout(wire.ANSWER_TIMEOUT_S)
        inbox = wire.Inbox(conn)
        go = inbox.read()
        conn.settimeout(None)
        if not go or not go.get("go") or len(inbox.fds) != len(message["streams"]):
            os._exit(EXIT_INTERNAL)
        _streams(inbox.fds, message["streams"], settings)
        from envspec.cli.render import renew_consoles

        renew_consoles()
    except Exception:  # the client went away, or its folder did: run nothing (the client,
        os._exit(EXIT_INTERNAL)  # with no pid, runs the command itself and says what is wrong)
    code = _run(list(message["argv"]))
    try:
        _shut_down()
    except KeyboardInterrupt:
        code = EXIT_INTERRUPTED
    for stream in (sys.stdout, sys.stderr):
        # a closed pipe: what a fresh process would lose too
        with contextlib.suppress(OSError, ValueError):
            if stream is not None:
                stream.flush()
    with contextlib.suppress(OSError):  # the client went away
        wire.send(conn, {"exit": code})
    os._exit(code)


def _shut_down() -> None:
    """What the interpreter does at exit before it tears itself down: wait for the threads
    that are not daemons (after telling executors to stop), then run the exit handlers. The
    teardown itself is left out: in a child of a large daemon it costs some 30 ms (it writes
    to nearly every object, so every page of the daemon's memory is copied) and changes
    nothing a command can show."""
    getattr(threading, "_shutdown", lambda: None)()
    getattr(atexit, "_run_exitfuncs", lambda: None)()


def _signals_as_at_start() -> None:
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGCHLD):
        signal.signal(signum, signal.SIG_DFL)
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)  # as the interpreter sets it


def _streams(fds: list[int], present: list[int], settings: StreamSettings) -> None:
    """The client's descriptors as 0, 1 and 2, wrapped as the interpreter wraps its own
    (Python/pylifecycle.c, create_stdio); a stream the client had closed is None."""
    for target, fd in zip(present, fds, strict=True):
        os.dup2(fd, target)
        os.close(fd)
    fds.clear()
    made: list[io.TextIOWrapper | None] = []
    for fd, name in zip(wire.STREAMS, ("<stdin>", "<stdout>", "<stderr>"), strict=True):
        if fd not in present:
            with contextlib.suppress(OSError):
                os.close(fd)
            made.append(None)
            continue
        write = fd != 0
        unbuffered = write and settings.unbuffered
        raw = io.FileIO(fd, "wb" if write else "rb", closefd=False)
        raw.name = name
        # unbuffered (-u, PYTHONUNBUFFERED): the text layer writes through to the file itself
        buffer: Any = raw
        if not unbuffered:
            buffer = io.BufferedWriter(raw) if write else io.BufferedReader(raw)
        stream = io.TextIOWrapper(
            buffer,
            encoding=settings.encodings[fd],
            errors=settings.errors[fd],
            newline="\n",
            line_buffering=not settings.unbuffered and (raw.isatty() or fd == 2),
            write_through=unbuffered,
        )
        setattr(stream, "mode", "w" if write else "r")  # noqa: B010 (read-only to type checkers)
        made.append(stream)
    sys.stdin, sys.stdout, sys.stderr = made
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = made  # type: ignore[misc]


def _run(argv: list[str]) -> int:
    from envspec.cli.main import main

    try:
        return main(argv)
    except KeyboardInterrupt:  # outside the command (main reports its own)
        return EXIT_INTERRUPTED
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:  # a bug around the command: as an uncaught exception would end it
        traceback.print_exc()
        return EXIT_INTERNAL
