"""The daemon: imports the CLI and what the run lifecycle needs once, then serves each
request of a client of this user by forking a child that becomes the client's process
(``child``) and runs the command.

One daemon per key (``wire.key_material``: this envspec, interpreter, ``sys.path``, user and
the variables the interpreter reads), listening on ``$ENVSPEC_HOME/daemon/<key>.sock`` (0600,
in a 0700 folder; the peer's uid is checked too). A request is refused, and the client runs
the command itself, when an environment variable that the daemon's imports read differs from
the daemon's (the daemon records which they read), or when a file of an envspec module it
imported (or a site-packages folder) changed since it started; it stops on that too. It stops
after ``idle`` seconds without a request, on ``stop`` and on SIGTERM, SIGINT or SIGHUP, removing
its socket, record and log; commands in flight go on and report their own exit status.

Started by ``control.start``: ``python -c BOOT`` with the starter's interpreter flags and
environment, its ``sys.path`` and key passed in ``_ENVSPEC_DAEMON_BOOT``."""

from __future__ import annotations

import contextlib
import fcntl
import gc
import json
import os
import selectors
import signal
import socket
import struct
import sys
import threading
import time
import traceback
from collections.abc import Iterable
from dataclasses import dataclass
from types import FrameType
from typing import Any

from envspec.cli.resident import child, wire
from envspec.cli.resident.preload import preload

BOOT_ENV = "_ENVSPEC_DAEMON_BOOT"
#: the daemon's program: the client's sys.path first, then the daemon
BOOT = (
    "import json, os, sys\n"
    f"boot = json.loads(os.environ.pop({BOOT_ENV!r}))\n"
    "sys.path[:] = boot['path']\n"
    "from envspec.cli.resident import server\n"
    "sys.exit(server.main(boot))\n"
)
_PEERCRED = struct.Struct("3i")


def main(boot: dict[str, Any]) -> int:
    """The daemon process: returns its exit status (a forked child ends in ``child.serve``)."""
    settings = child.StreamSettings.of_this_process()
    preloaded = preload()
    for module in preloaded.missing:
        _log(f"not preloaded: {module}")
    material = wire.key_material()
    name = wire.key(material)
    if name != boot["key"]:
        _log("not started: this interpreter's key differs from the client's (flags?)")
        return 1
    daemon = Daemon(name, material, preloaded.read, idle_s=float(boot["idle_s"]))
    request = daemon.run()
    if request is None:
        return 0
    child.serve(request, settings)


@dataclass
class _Served:
    pid: int
    conn: socket.socket
    watched: bool = True  # its connection is in the selector (until the client leaves)


class Daemon:
    """The listening loop (see the module doc)."""

    def __init__(
        self,
        name: str,
        material: dict[str, Any],
        read_at_import: frozenset[str] | None,
        *,
        idle_s: float,
    ) -> None:
        self.name = name
        self.material = material
        self.read_at_import = read_at_import
        self.env_at_import = dict(os.environ)
        self.idle_s = idle_s
        self.pid = os.getpid()
        self.started_at = time.time()
        self.stamps = _stamps(_watched_files())
        self.served = 0
        self.refused = 0
        self.last_refusal: str | None = None
        self.stopping = False
        self.serving: dict[int, _Served] = {}  # by pidfd
        self.selector = selectors.DefaultSelector()
        self.info = -1  # the record, locked while this daemon lives

    def run(self) -> child.Request | None:
        """Serve until stopped (returns None) or, in a forked child, return its request."""
        folder = wire.folder()
        os.makedirs(folder, mode=0o700, exist_ok=True)
        os.chmod(folder, 0o700)
        info = os.open(wire.info_path(self.name), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(info, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(info)
            _log("not started: another daemon serves this key")
            return None
        self.info = info
        listener = self._listen()
        if listener is None:
            self._clean_up(None)
            return None
        wake_r, wake_w = socket.socketpair()
        wake_r.setblocking(False)
        wake_w.setblocking(False)
        signal.set_wakeup_fd(wake_w.fileno())
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, self._on_signal)
        self.selector.register(listener, selectors.EVENT_READ, "listener")
        self.selector.register(wake_r, selectors.EVENT_READ, "wake")
        os.chdir("/")  # hold no folder busy
        # what the imports made stays out of the children's collections (and is not copied
        # into them page by page when a collection touches it)
        gc.freeze()
        _log(f"serving on {wire.socket_path(self.name)} (pid {self.pid})")
        last_active = time.monotonic()
        while not self.stopping:
            timeout = None if self.serving else last_active + self.idle_s - time.monotonic()
            if timeout is not None and timeout <= 0:
                _log(f"idle for {self.idle_s:.0f} s: stopping")
                break
            for key, _ in self.selector.select(timeout):
                last_active = time.monotonic()
                try:
                    if key.data == "listener":
                        request = self._accept(listener)
                        if request is not None:  # in the forked child
                            self._forget(listener, wake_r, wake_w)
                            return request
                    elif key.data == "wake":  # a signal came: its handler ran already
                        with contextlib.suppress(BlockingIOError):
                            while wake_r.recv(64):
                                pass
                    elif key.data[0] == "exit":
                        self._reap(key.data[1])
                    else:
                        self._client_left(key.data[1])
                except Exception:  # a bug: the daemon goes on serving the others
                    if os.getpid() != self.pid:  # never a second daemon in a child
                        os._exit(child.EXIT_INTERNAL)
                    _log(f"error:\n{traceback.format_exc()}")
        self._clean_up(listener)
        for sock in (wake_r, wake_w):
            sock.close()
        return None

    def _listen(self) -> socket.socket | None:
        path = wire.socket_path(self.name)
        building = f"{path}.{self.pid}"
        if len(os.fsencode(building)) > wire.MAX_SOCKET_PATH:
            _log(f"not started: the socket path {path} is too long")
            return None
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        umask = os.umask(0o177)  # 0600 from the start: no moment when others may connect
        try:
            listener.bind(building)
        finally:
            os.umask(umask)
        listener.listen(64)
        listener.setblocking(False)
        record = {
            "pid": self.pid,
            "started_at": self.started_at,
            "idle_s": self.idle_s,
            "socket": path,
        }
        os.ftruncate(self.info, 0)
        os.pwrite(self.info, json.dumps(record).encode(), 0)
        os.replace(building, path)  # it appears once it accepts
        return listener

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self.stopping = True

    def _accept(self, listener: socket.socket) -> child.Request | None:
        try:
            conn, _ = listener.accept()
        except BlockingIOError:
            return None
        conn.settimeout(wire.REQUEST_TIMEOUT_S)
        inbox = wire.Inbox(conn)
        try:
            _, uid, _ = _PEERCRED.unpack(
                conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _PEERCRED.size)
            )
            if uid != os.getuid():
                raise ConnectionError(f"a client of uid {uid}")
            message = inbox.read()
            if message is None:
                raise ConnectionError("a client that sent nothing")
        except (OSError, ValueError) as e:
            _log(f"dropped a connection: {e}")
            _close_all(inbox.fds)
            conn.close()
            return None
        _close_all(inbox.fds)  # a request brings none (the streams come with the go)
        op = message.get("op")
        if op != "run":
            self._answer(conn, op)
            return None
        why = self._refusal(message)
        if why is None:
            try:
                pid = os.fork()
            except OSError as e:
                why = f"cannot fork: {e}"
        if why is not None:
            self.refused += 1
            self.last_refusal = why
            _log(f"refused: {why}")
            with contextlib.suppress(OSError):
                wire.send(conn, {"refused": why})
            conn.close()
            return None
        if pid == 0:
            return child.Request(message, conn)
        self.served += 1
        pidfd = os.pidfd_open(pid)
        self.serving[pidfd] = _Served(pid, conn)
        self.selector.register(pidfd, selectors.EVENT_READ, ("exit", pidfd))
        self.selector.register(conn, selectors.EVENT_READ, ("client", pidfd))
        return None

    def _refusal(self, message: dict[str, Any]) -> str | None:
        """Why this daemon must not serve this request, if it must not."""
        if message.get("key") != self.material:
            return "another envspec, interpreter or user than the daemon's"
        if not set(message.get("streams", (-1,))) <= set(wire.STREAMS):
            return "a request for streams other than the standard ones"
        env = message.get("env")
        if not isinstance(env, dict):
            return "no environment in the request"
        names = self.read_at_import
        if names is None:
            names = frozenset(env) | frozenset(self.env_at_import)
        for name in sorted(names):
            theirs, ours = env.get(name), self.env_at_import.get(name)
            if theirs != ours:  # (no values: they may be secrets)
                how = "unset" if theirs is None else "set" if ours is None else "other"
                return f"{name} is {how} in the client, unlike the daemon (its imports read it)"
        if self.stamps != _stamps(self.stamps):
            self.stopping = True
            return "envspec or a package it imports changed since the daemon started"
        if threading.active_count() != 1:  # forking a process with threads is unsafe
            self.stopping = True
            return "the daemon has threads"
        return None

    def _answer(self, conn: socket.socket, op: object) -> None:
        """``status`` and ``stop``: what ``control`` asks."""
        if op == "stop":
            self.stopping = True
        reply = {
            "pid": self.pid,
            "started_at": self.started_at,
            "idle_s": self.idle_s,
            "served": self.served,
            "refused": self.refused,
            "last_refusal": self.last_refusal,
            "in_flight": len(self.serving),
            "preloaded": len(sys.modules),
            "read_at_import": None if self.read_at_import is None else sorted(self.read_at_import),
            "stopping": self.stopping,
        }
        with contextlib.suppress(OSError):
            wire.send(conn, reply)
        conn.close()

    def _reap(self, pidfd: int) -> None:
        served = self.serving.pop(pidfd)
        self.selector.unregister(pidfd)
        os.close(pidfd)
        if served.watched:
            self.selector.unregister(served.conn)
        _, status = os.waitpid(served.pid, 0)
        if os.WIFSIGNALED(status):
            signum = os.WTERMSIG(status)
            end: dict[str, Any] = {"exit": 128 + signum, "signal": signum}
        else:  # the child said so itself, unless it could not: the client takes the first
            end = {"exit": os.waitstatus_to_exitcode(status)}
        with contextlib.suppress(OSError):
            wire.send(served.conn, end)
        served.conn.close()

    def _client_left(self, pidfd: int) -> None:
        """The client's end of a request closed (the client was killed: a harness's timeout):
        the command ends with it, as it would without the daemon."""
        served = self.serving.get(pidfd)
        if served is None or not served.watched:  # reaped in this same round of events
            return
        try:
            data = served.conn.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        self.selector.unregister(served.conn)
        served.watched = False
        if not data:
            with contextlib.suppress(ProcessLookupError):
                os.kill(served.pid, signal.SIGKILL)

    def _forget(self, listener: socket.socket, *others: socket.socket) -> None:
        """In the child: close what is the daemon's, not the command's."""
        self.selector.close()
        for sock in (listener, *others):
            sock.close()
        for pidfd, served in self.serving.items():
            os.close(pidfd)
            served.conn.close()
        self.serving.clear()
        os.close(self.info)

    def _clean_up(self, listener: socket.socket | None) -> None:
        """Stop serving: no socket, no record, no log; commands in flight go on."""
        for path in (wire.socket_path(self.name), wire.log_path(self.name)):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
        if listener is not None:
            listener.close()
        for served in self.serving.values():
            served.conn.close()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(wire.info_path(self.name))
        os.close(self.info)  # releases the lock last: `stop` waits for it
        _log(f"stopped (served {self.served}, refused {self.refused})")


def _watched_files() -> set[str]:
    """What must not change under a daemon: the files of envspec's imported modules, and
    every site-packages folder on sys.path (installing, upgrading or removing a package
    changes its folder). Other packages' files edited in place go unnoticed: checking each
    would cost 3 ms a request, for what no installer does."""
    paths = {
        getattr(module, "__file__", None)
        for name, module in list(sys.modules.items())
        if name == "envspec" or name.startswith("envspec.")
    }
    paths |= {p for p in sys.path if p.endswith("-packages")}
    return {p for p in paths if isinstance(p, str) and p}


def _stamps(paths: Iterable[str]) -> dict[str, tuple[int, int]]:
    """Modification time and size of each path (those gone: left out)."""
    stamps = {}
    for path in paths:
        try:
            st = os.stat(path)
        except OSError:
            continue
        stamps[path] = (st.st_mtime_ns, st.st_size)
    return stamps


def _close_all(fds: list[int]) -> None:
    for fd in fds:
        os.close(fd)
    fds.clear()


def _log(text: str) -> None:
    # the daemon's own output goes to its log (control.start opens it as stdout and stderr)
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
    print(f"{stamp} envspec daemon {os.getpid()}: {text}", file=sys.stderr, flush=True)
