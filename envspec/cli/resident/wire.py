"""What the client and the daemon share: where a daemon lives, which daemon may serve which
client (its key), and the messages between them.

Standard library only, and only the cheap part of it (no json, re, hashlib or typing: a few
milliseconds each): the ``envspec`` console script imports this before it knows whether it
will import the CLI at all. Messages are ``marshal`` data: both ends run the same interpreter
(it is in the key) as the same user (the daemon checks the peer's uid), so neither reads data
it would not trust."""

from __future__ import annotations

import marshal
import os
import socket
import struct
import sys
import zlib

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: bumped when the messages change, so that no daemon serves a client of another protocol
PROTOCOL = 1
#: ``ENVSPEC_DAEMON=0`` (or ``off``): never hand a command to a daemon
ENV_SWITCH = "ENVSPEC_DAEMON"
OFF_VALUES = ("0", "off", "no", "false")
#: the standard streams a request hands to the daemon's child
STREAMS = (0, 1, 2)
#: how long a client waits for the daemon's first answer before it runs the command itself
#: (and a child for the client's go before it gives up)
ANSWER_TIMEOUT_S = 10.0
#: how long the daemon waits for a request's bytes once a client connects
REQUEST_TIMEOUT_S = 5.0
#: the longest socket path a unix socket takes (sun_path, with its final NUL)
MAX_SOCKET_PATH = 107

_HEADER = struct.Struct("!I")
_MAX_MESSAGE = 64 << 20


def wanted(argv: list[str]) -> bool:
    """Whether this command may go to a daemon: not when ``ENVSPEC_DAEMON`` says off, and
    never ``envspec daemon ...`` itself (starting, stopping and asking run in the caller)."""
    if os.environ.get(ENV_SWITCH, "").strip().lower() in OFF_VALUES:
        return False
    command = next((a for a in argv if not a.startswith("-")), None)
    return command != "daemon"


def _read_by_interpreter(name: str) -> bool:
    # what the interpreter reads before any module of ours runs: sys.path, flags, the standard
    # streams' encoding and buffering, the hash seed, the locale, the time zone
    return name.startswith(("PYTHON", "LC_")) or name in ("LANG", "LANGUAGE", "TZ")


def key_material() -> dict[str, Any]:
    """What a daemon must share with a client to serve it as a fresh process would: this
    envspec (version and folder), this interpreter started the same way (executable, flags,
    ``sys.path``, unbuffered streams or not), this user and its groups, and the environment
    variables the interpreter reads at start-up. Variables that modules read when imported
    are checked by the daemon at each request (it records which its imports read)."""
    import envspec

    stdout = sys.stdout
    return {
        "protocol": PROTOCOL,
        "envspec": (envspec.__version__, os.path.dirname(os.path.abspath(envspec.__file__))),
        "python": {
            "executable": sys.executable,
            "version": sys.version,
            "flags": tuple(sys.flags),
            "warnoptions": tuple(sys.warnoptions),
            "xoptions": tuple(sorted(str(item) for item in sys._xoptions.items())),
            "path": tuple(sys.path),
            "unbuffered": getattr(stdout, "write_through", None) if stdout else None,
        },
        "user": (os.getuid(), os.getgid(), tuple(sorted(os.getgroups()))),
        "env": tuple(sorted((k, v) for k, v in os.environ.items() if _read_by_interpreter(k))),
    }


def key(material: dict[str, Any]) -> str:
    """The short name of a key: a daemon's files are named by it. (Two keys of one name
    would only make their daemon refuse the other's clients: it compares the whole key.)"""
    data = marshal.dumps(material, 2)  # version 2: no back-references, the same bytes always
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


def folder() -> str:
    """Where this user's daemons keep their sockets: ``$ENVSPEC_HOME/daemon`` (the home as
    ``envspec.constants.envspec_home`` finds it, without creating it)."""
    home = os.environ.get("ENVSPEC_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share", "envspec"
    )
    return os.path.join(home, "daemon")


def socket_path(name: str) -> str:
    """The daemon's socket (mode 0600, in a 0700 folder): present only while it serves."""
    return os.path.join(folder(), f"{name}.sock")


def info_path(name: str) -> str:
    """The daemon's record (pid, start, settings), locked by the daemon while it lives."""
    return os.path.join(folder(), f"{name}.json")


def log_path(name: str) -> str:
    """The daemon's own output (start-up failures, its requests); removed when it stops."""
    return os.path.join(folder(), f"{name}.log")


def send(sock: socket.socket, message: dict[str, Any], fds: list[int] | None = None) -> None:
    """One message (length-prefixed), with ``fds`` passed along (SCM_RIGHTS)."""
    data = marshal.dumps(message, 2)
    frame = _HEADER.pack(len(data)) + data
    sent = socket.send_fds(sock, [frame], fds) if fds else sock.send(frame)
    if sent < len(frame):
        sock.sendall(frame[sent:])


class Inbox:
    """The messages arriving on a stream socket, one at a time, and the descriptors that came
    with them (``fds``, at most ``len(STREAMS)``; the receiver closes them)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.fds: list[int] = []
        self._buffer = b""

    def read(self) -> dict[str, Any] | None:
        """The next message, or None where the peer closed the stream between messages.

        Raises:
            ConnectionError: the stream is not made of messages (or was cut inside one).
            TimeoutError: no message within the socket's timeout.
        """
        while True:
            if len(self._buffer) >= _HEADER.size:
                (size,) = _HEADER.unpack_from(self._buffer)
                if size > _MAX_MESSAGE:
                    raise ConnectionError(f"a message of {size} bytes: not an envspec peer")
                end = _HEADER.size + size
                if len(self._buffer) >= end:
                    data, self._buffer = self._buffer[_HEADER.size : end], self._buffer[end:]
                    try:
                        message = marshal.loads(data)
                    except (EOFError, ValueError, TypeError) as e:
                        raise ConnectionError(f"not an envspec message: {e}") from e
                    if not isinstance(message, dict):
                        raise ConnectionError("not an envspec message")
                    return message
            data, fds, flags, _ = socket.recv_fds(self.sock, 1 << 16, len(STREAMS))
            self.fds += fds
            if flags & socket.MSG_CTRUNC:
                raise ConnectionError("more descriptors than a request hands over")
            if not data:
                if self._buffer:
                    raise ConnectionError("the peer closed the stream inside a message")
                return None
            self._buffer += data
