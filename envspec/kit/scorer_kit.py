"""envspec's scorer kit: the sandbox every scorer that runs agent code uses.

Standard library only. ``envspec build`` adds this file to every scorer image at
``/opt/envspec/scorer_kit.py`` and the runtime puts that folder on the scorer's ``PYTHONPATH``
(the local backend unpacks it with the scorer's files), so a scorer just does
``import scorer_kit``. docs/authoring.md explains its use.

What it gives a scorer:

- :func:`run_scorer` claims ``$ENVSPEC_RESULT`` before anything of the agent's runs, calls the
  scorer's function and writes its result (or the :class:`Invalid` reason);
- :func:`scoring_kind` says which scoring runs (``intermediate`` or ``final``), for a scorer
  that keeps its final questions for the final scoring;
- :func:`copy_solution` copies the agent's files without following links: regular files and
  folders only, anything else refused with a message for the agent;
- :class:`Sandbox`: a uid of its own for each scoring (from a reserved range, locked, never the
  agent's, never shared by concurrent scorings), a private 0700 folder under the scoring's
  root-only folder with ``TMPDIR`` in it, limits (CPU time, memory, processes, file size, open
  files), no network, a wall-clock timeout, and every process of that uid killed afterwards —
  by uid, which no fork, ``setsid`` or process-group trick escapes.

When the scorer does not run as root (an unisolated local run) the sandbox cannot change uid;
it still runs the code in a private folder with its limits and reports ``isolated: False``.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import io
import json
import os
import random
import resource
import secrets
import selectors
import shutil
import signal
import stat
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    import http.server

__all__ = [
    "DEFAULT_UIDS",
    "Invalid",
    "Limits",
    "Sandbox",
    "copy_file",
    "copy_solution",
    "processes_of",
    "run_scorer",
    "signal_uid",
]

#: uids the sandboxes draw from when the runtime names no block (``ENVSPEC_SANDBOX_UIDS``):
#: just after the runtime's blocks (1_900_000_000 + 256 blocks of 256), never inside them, so a
#: scorer run outside the runtime neither shares a uid with a leased block's sandbox (whose uid
#: locks may live in a container's own /run) nor is killed when that block's lease ends
DEFAULT_UIDS = (1_900_065_536, 65536)
#: where uid locks live (root-only); in a container, the container's own
LOCK_DIR = Path("/run/envspec-sandbox-uids")
#: where sandboxes' folders go when the runtime names no scoring folder
DEFAULT_SCORING_DIR = Path("/var/lib/envspec-scoring")
#: folders nested deeper than this in what is copied are refused (the copy recurses)
MAX_DEPTH = 64
#: how long the processes of a uid may take to die before the kill counts as failed
KILL_WAIT_S = 10.0
#: the most a runtime snapshot of a solution may hold
SNAPSHOT_MAX_BYTES = 16 << 30
CLONE_NEWNET = 0x40000000
CLONE_NEWNS = 0x00020000
CLONE_NEWIPC = 0x08000000
MS_RDONLY, MS_BIND, MS_REC, MS_PRIVATE = 0x1, 0x1000, 0x4000, 0x40000
#: the shared temporary folders a sandbox gets its own of (its folder's ``tmp``)
SHARED_TMP = ("/tmp", "/var/tmp", "/dev/shm", "/run/lock")
PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 22, 2
#: machine -> (its audit arch, the numbers of add_key, request_key and keyctl)
KEYRING_SYSCALLS = {
    "x86_64": (0xC000003E, (248, 249, 250)),
    "aarch64": (0xC00000B7, (217, 218, 219)),
}


class Invalid(Exception):
    """The solution cannot be scored; the message is for the agent."""


# --- the result file -------------------------------------------------------------------------


def run_scorer(score: Callable[[dict[str, Any], Path], dict[str, Any]]) -> None:
    """The scorer's ``main``: claim ``$ENVSPEC_RESULT``, then write ``score(params, solution)``.

    The result file is created (0600, exclusively) before any agent code can run, so nothing
    the agent runs can create or replace it. :class:`Invalid` becomes ``{"valid": false}``
    with its message; any other exception propagates (the runtime reports the scorer failed).
    """
    params = json.loads(os.environ.get("ENVSPEC_PARAMETERS") or "{}")
    solution = Path(os.environ["ENVSPEC_SOLUTION"])
    result_file = Path(os.environ["ENVSPEC_RESULT"])
    result_file.unlink(missing_ok=True)
    fd = os.open(result_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        result = score(params, solution)
    except Invalid as e:
        result = {"valid": False, "reason": str(e), "message": str(e)}
    with os.fdopen(fd, "w") as f:
        f.write(json.dumps(result))


def scoring_kind() -> str:
    """``"intermediate"`` (the agent asked) or ``"final"`` (the run's end), as the runtime says
    in ``$ENVSPEC_SCORING``; ``"final"`` where it says nothing (a scorer run by hand)."""
    kind = os.environ.get("ENVSPEC_SCORING") or "final"
    if kind not in ("intermediate", "final"):
        raise RuntimeError(f"ENVSPEC_SCORING is {kind!r}, not intermediate or final")
    return kind


# --- copying the agent's files ---------------------------------------------------------------


def copy_solution(
    src: Path,
    dest: Path,
    *,
    max_bytes: int = 1 << 30,
    max_files: int = 10_000,
    skip: Sequence[str] = ("__pycache__",),
) -> int:
    """Copy the folder ``src`` to ``dest`` (created), never following a link; bytes copied.

    Every entry is opened with ``O_NOFOLLOW`` and checked on the open descriptor, so swapping
    a file for a link while this runs cannot make it read anything else.

    Raises:
        Invalid: a link, device, FIFO or socket; more than ``max_bytes`` or ``max_files``.
    """
    budget = {"bytes": max_bytes, "files": max_files, "total": max_bytes}
    fd = _open_dir(src, "your working directory")
    try:
        dest.mkdir(parents=True, exist_ok=False)
        _copy_dir(fd, dest, "", budget, set(skip))
    finally:
        os.close(fd)
    return max_bytes - budget["bytes"]


def copy_file(src_dir: Path, name: str, dest: Path, *, max_bytes: int) -> int:
    """Copy the regular file ``src_dir/name`` to ``dest`` without following links; its size.

    Raises:
        Invalid: missing, a link or not a regular file, or larger than ``max_bytes``.
    """
    fd = _open_dir(src_dir, "your working directory")
    budget = {"bytes": max_bytes, "files": 1, "total": max_bytes}
    try:
        _copy_file(fd, name, dest, name, budget)
    finally:
        os.close(fd)
    return max_bytes - budget["bytes"]


def check_torch_archive(source: Path | bytes, shown: str) -> None:
    """Refuse a torch file that would unpack to more than its own size, before it is loaded.

    ``torch.load`` also reads zip archives whose records are compressed: a deflated record of a
    few kilobytes unpacks to gigabytes, all of it before a scorer can look at a tensor's shape
    (an attacker's review, 2026-12-07). ``torch.save`` writes every record stored
    (uncompressed), so what it wrote passes; compressed records, records that claim data past
    the file's end, and legacy or other formats do not. ``source``: a file the scorer holds
    (its own copy) or bytes read from one. The message names ``shown`` only: a record's name
    is the agent's to choose.

    Raises:
        Invalid: ``source`` is not such an archive.
    """
    refused = Invalid(
        f"{shown} cannot be used: torch.load(weights_only=True) is given only what torch.save "
        "writes, a zip archive of uncompressed records (compressed, legacy or other formats "
        "can unpack to far more than their size): save it with torch.save"
    )
    try:
        if isinstance(source, bytes):
            size, opened = len(source), zipfile.ZipFile(io.BytesIO(source))
        else:
            size, opened = os.stat(source).st_size, zipfile.ZipFile(source)
        with opened as archive:
            records = archive.infolist()
    except Exception:  # zipfile raises many kinds on what is not an archive
        raise refused from None
    total = 0
    for record in records:
        total += record.compress_size
        if (
            record.compress_type != zipfile.ZIP_STORED
            or record.file_size != record.compress_size
            or record.header_offset + record.compress_size > size
            or total > size
        ):
            raise refused


def log_tail(log: IO[bytes], *, lines: int = 3, sep: str = " | ", max_bytes: int = 1 << 16) -> str:
    """The last ``lines`` lines (joined by ``sep``) of what a sandboxed process wrote to ``log``,
    the scorer's own handle opened for reading and writing (``"w+b"``), read through that
    handle and at most ``max_bytes`` of it: the sandbox's uid owns its folder and may have put
    a link (to a hidden file, say) under the log's name by the time the scorer reads it."""
    log.flush()
    size = os.fstat(log.fileno()).st_size
    log.seek(max(0, size - max_bytes))
    text = log.read(max_bytes).decode(errors="replace")
    return sep.join(text.strip().splitlines()[-lines:])


def _open_dir(path: Path | str, shown: str, dir_fd: int | None = None) -> int:
    try:
        return os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=dir_fd)
    except OSError as e:
        if e.errno in (errno.ELOOP, errno.ENOTDIR):
            raise Invalid(_not_regular(shown, "a symbolic link or not a folder")) from None
        raise Invalid(f"{shown} cannot be read ({e.strerror})") from None


def _not_regular(shown: str, what: str) -> str:
    return f"{shown} is {what}: only regular files and folders are scored (links are refused)"


def _copy_dir(dir_fd: int, dest: Path, rel: str, budget: dict[str, int], skip: set[str]) -> None:
    if rel.count("/") >= MAX_DEPTH:
        raise Invalid(f"{rel.rstrip('/')} is nested too deep to score (at most {MAX_DEPTH} levels)")
    # counted while listed: a folder of millions of entries (hard links cost no space) is
    # refused after the budget's, not first read whole into memory
    names = []
    with os.scandir(dir_fd) as entries:
        for entry in entries:
            if entry.name in skip:
                continue
            budget["files"] -= 1
            if budget["files"] < 0:
                raise Invalid("your working directory holds too many files to score")
            names.append(entry.name)
    for name in sorted(names):
        shown = f"{rel}{name}"
        info = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
        if stat.S_ISDIR(info.st_mode):
            sub = _open_dir(name, shown, dir_fd=dir_fd)
            try:
                (dest / name).mkdir()
                _copy_dir(sub, dest / name, shown + "/", budget, skip)
            finally:
                os.close(sub)
        elif stat.S_ISREG(info.st_mode):
            _copy_file(dir_fd, name, dest / name, shown, budget)
        else:
            kind = "a symbolic link" if stat.S_ISLNK(info.st_mode) else "not a regular file"
            raise Invalid(_not_regular(shown, kind))


def _copy_file(dir_fd: int, name: str, dest: Path, shown: str, budget: dict[str, int]) -> None:
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=dir_fd)
    except FileNotFoundError:
        raise Invalid(f"no {shown} in your working directory") from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise Invalid(_not_regular(shown, "a symbolic link")) from None
        raise Invalid(f"{shown} cannot be read ({e.strerror})") from None
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise Invalid(_not_regular(shown, "not a regular file"))
        with dest.open("xb") as out:
            while chunk := f.read(1 << 20):
                budget["bytes"] -= len(chunk)
                if budget["bytes"] < 0:
                    raise Invalid(
                        f"{shown} takes what is scored past its limit of {budget['total']:,} "
                        f"bytes in all: remove what need not be scored"
                    )
                out.write(chunk)


# --- processes of a uid ----------------------------------------------------------------------


def call_service(
    name: str, path: str, body: Any = None, *, timeout: float = 300.0
) -> tuple[int, Any]:
    """One request of the scorer to the run's service ``name`` (as the manifest names it):
    ``POST path`` with ``body`` as JSON (``GET`` when None), through the metering proxy's unix
    socket with the scorer's key, counted outside the agent's budget. Returns the HTTP status
    and the parsed JSON answer.

    The socket is the scorer's only route (its container has no network) and lies in a
    root-only folder, so code in a sandbox cannot use the service with the scorer's key.

    Raises:
        KeyError: the run has no service ``name``.
        OSError: the proxy does not answer.
    """
    import http.client
    import socket

    env = "ENVSPEC_SERVICE_" + "".join(c if c.isalnum() else "_" for c in name).upper()
    where, key = os.environ[f"{env}_SOCKET"], os.environ[f"{env}_KEY"]

    class _Unix(http.client.HTTPConnection):
        def connect(self) -> None:
            self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            self.sock.settimeout(timeout)
            self.sock.connect(where)

    conn = _Unix("service", timeout=timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
        conn.request("GET" if data is None else "POST", path, body=data, headers=headers)
        answer = conn.getresponse()
        raw = answer.read()
    finally:
        conn.close()
    try:
        return answer.status, json.loads(raw)
    except ValueError:
        return answer.status, raw.decode(errors="replace")


#: what a custom service (manifest ``services``, kind custom) is told to listen on
SERVICE_LISTEN_ENV = "ENVSPEC_SERVICE_LISTEN"
#: the header in which a custom service reports what an answer used (in its unit)
USAGE_HEADER = "X-Envspec-Usage"


def send_json(
    handler: http.server.BaseHTTPRequestHandler, status: int, body: object, usage: int = 0
) -> None:
    """Answer a custom service's request: ``body`` as JSON, and what it used (in the
    service's unit) in USAGE_HEADER, which the metering proxy counts."""
    data = json.dumps(body).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    handler.send_header(USAGE_HEADER, str(usage))
    handler.end_headers()
    handler.wfile.write(data)


def serve_service(handler: type[http.server.BaseHTTPRequestHandler]) -> None:
    """Serve a custom service's ``handler`` (a ``BaseHTTPRequestHandler`` subclass) forever,
    a thread per request, on what the runtime says in ``ENVSPEC_SERVICE_LISTEN``: ``host:port``
    (its container on the docker backend) or ``unix:PATH`` (a root-only folder on the local
    one). Only the run's metering proxy reaches it; an answer's usage goes in USAGE_HEADER."""
    import http.server
    import socketserver

    where = os.environ[SERVICE_LISTEN_ENV]
    if where.startswith("unix:"):
        path = where[5:]
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)

        class _Unix(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
            daemon_threads = True

        class _Handler(handler):  # type: ignore[misc,valid-type]
            def address_string(self) -> str:  # a unix peer has no (host, port)
                return "proxy"

            def setup(self) -> None:
                self.client_address = ("proxy", 0)
                super().setup()

        unix = _Unix(path, _Handler)
        os.chmod(path, 0o600)
        unix.serve_forever()
        return
    host, _, port = where.rpartition(":")
    http.server.ThreadingHTTPServer((host, int(port)), handler).serve_forever()


def signal_uid(uid: int, sig: int) -> None:
    """Send ``sig`` to every process whose real or saved uid is ``uid``, in one system call.

    ``kill(-1, sig)`` from a process whose real and effective uid are ``uid`` reaches exactly
    those processes, atomically with respect to fork: no chain of forks can slip through, as it
    can between the reads and the kills of ``pkill -u``. The saved uid stays 0, so this
    process becomes root again at once.
    """
    if os.geteuid() != 0:
        raise PermissionError("signalling another uid's processes needs root")
    os.setresuid(uid, uid, 0)
    try:
        with contextlib.suppress(ProcessLookupError):  # none left: nothing to signal
            os.kill(-1, sig)
    finally:
        os.setresuid(0, 0, 0)


def processes_of(uid: int) -> list[int]:
    """Pids of live processes whose real uid is ``uid``, from ``/proc``. A zombie counts as
    live while any of its threads is not dead: a main thread that exits alone shows its
    process as a zombie while the other threads run on."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            text = Path("/proc", entry, "status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
        if fields.get("Uid", "").split()[:1] != [str(uid)]:
            continue
        if "zombie" not in fields.get("State", "") or _threads_live(entry):
            found.append(int(entry))
    return found


def _threads_live(pid: str) -> bool:
    """Whether a thread of process ``pid`` is neither a zombie nor dead."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return False
    for tid in tasks:
        try:
            state = Path(f"/proc/{pid}/task/{tid}/stat").read_text().rsplit(")", 1)[-1].split()[0]
        except (OSError, IndexError):
            continue
        if state not in ("Z", "X"):
            return True
    return False


def uids_with_processes(first: int, count: int) -> set[int]:
    """The uids in ``first .. first + count - 1`` that own a live process (one ``/proc`` scan)."""
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            uid = os.stat(f"/proc/{entry}").st_uid
        except OSError:
            continue
        if first <= uid < first + count:
            found.add(uid)
    return found


def all_stopped(uid: int) -> bool:
    """Whether every thread of every process of ``uid`` is stopped (or dead)."""
    for pid in processes_of(uid):
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tasks:
            if not _stopped(f"/proc/{pid}/task/{tid}/stat"):
                return False
    return True


def _stopped(stat_path: str) -> bool:
    """Whether the task whose ``stat`` file this is is stopped or dead (or already gone)."""
    try:
        stat_line = Path(stat_path).read_text()
    except OSError:
        return True
    return stat_line.rsplit(")", 1)[-1].split()[0] in ("T", "t", "Z", "X")


def kill_uid(uid: int, *, wait: float = KILL_WAIT_S) -> None:
    """Kill every process of ``uid`` and wait until none is left.

    Raises:
        RuntimeError: some survive ``wait`` seconds (in uninterruptible sleep, say).
    """
    deadline = time.monotonic() + wait
    while True:
        signal_uid(uid, signal.SIGKILL)
        if not processes_of(uid):
            return
        if time.monotonic() > deadline:
            raise RuntimeError(f"processes of uid {uid} survive SIGKILL: {processes_of(uid)}")
        time.sleep(0.02)


# --- the sandbox -----------------------------------------------------------------------------

#: the numeric libraries' thread-pool sizes, set in every sandbox's environment
THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def available_cpus() -> int:
    """CPUs this process may use: its affinity, capped by its cgroup's CPU quota.

    Docker's ``--cpus`` sets only the quota, so a container sees every core of the host; a
    thread pool sized by the core count then thrashes under the quota (timings that depend on
    the host, not on the code) and, with a process limit, may not even start.
    """
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cpus = max(1, cpus or 1)
    quota = _cgroup_cpu_quota()
    return cpus if quota is None else min(cpus, quota)


def _cgroup_cpu_quota() -> int | None:
    """The CPU quota of this process's cgroup in whole CPUs, rounded up (None: no quota)."""
    try:  # cgroup v2: "QUOTA PERIOD" or "max PERIOD"
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()[:2]
    except (OSError, ValueError):
        try:  # cgroup v1: -1 for no quota
            cpu = Path("/sys/fs/cgroup/cpu")
            quota = (cpu / "cpu.cfs_quota_us").read_text().strip()
            period = (cpu / "cpu.cfs_period_us").read_text().strip()
        except OSError:
            return None
    if quota in ("max", "-1") or not quota.isdigit() or not period.isdigit() or int(period) == 0:
        return None
    return max(1, -(-int(quota) // int(period)))


@dataclass(frozen=True)
class Limits:
    """Resource limits for sandboxed processes (None: no limit).

    ``memory_bytes`` limits the address space, which CUDA processes cannot live with: leave
    it None for GPU work and rely on the container's or the variant's memory limit.
    """

    cpu_seconds: int | None = 3600
    memory_bytes: int | None = None
    processes: int | None = 256
    file_bytes: int | None = 4 << 30
    open_files: int | None = 1024

    def as_rlimits(self) -> dict[str, int]:
        pairs = {
            "RLIMIT_CPU": self.cpu_seconds,
            "RLIMIT_AS": self.memory_bytes,
            "RLIMIT_NPROC": self.processes,
            "RLIMIT_FSIZE": self.file_bytes,
            "RLIMIT_NOFILE": self.open_files,
        }
        return {k: int(v) for k, v in pairs.items() if v is not None}


@dataclass(frozen=True)
class Completed:
    """What a sandboxed command did: exit code (None on timeout) and its bounded output."""

    exit_code: int | None
    output: bytes
    timed_out: bool


@dataclass
class Sandbox:
    """A uid and a private folder for one scoring's untrusted code (a context manager).

    On entry: a uid is locked, anything still running as it is killed, and ``root`` (0700,
    owned by the uid) is made under the scoring's folder (``$ENVSPEC_SCORING_DIR``, root-only
    but traversable) with ``tmp`` inside. On exit: every process of the uid is killed and
    checked gone, the folder removed, the uid released.
    """

    limits: Limits = field(default_factory=Limits)
    #: an (unlocked) name for logs; the folder's name is random
    label: str = "sandbox"
    uid: int = -1
    root: Path = Path()
    isolated: bool = False
    _lock: IO[bytes] | None = None
    _scoring_dir: Path = Path()
    _children: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def __enter__(self) -> Sandbox:
        self.isolated = os.geteuid() == 0
        self._scoring_dir = _scoring_dir()
        name = f"{self.label}-{secrets.token_hex(8)}"
        self.root = self._scoring_dir / name
        if self.isolated:
            self.uid, self._lock = _lock_uid()
            kill_uid(self.uid)  # a survivor of an earlier, killed scoring
            self.root.mkdir(mode=0o700)
            os.chown(self.root, self.uid, self.uid)
        else:
            self.uid = os.getuid()
            self.root.mkdir(mode=0o700)
        self.tmp.mkdir(mode=0o700)
        self.give(self.tmp)
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.kill()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
            if self._lock is not None:
                self._lock.close()  # releases the uid

    @property
    def tmp(self) -> Path:
        return self.root / "tmp"

    def give(self, path: Path, *, writable: bool = True) -> None:
        """Hand ``path`` (and everything under it) to the sandbox's uid, without following
        links; read-only (owned by root, world-readable inside the private folder) unless
        ``writable``."""
        for p in _walk(path):
            if self.isolated:
                owner = self.uid if writable else 0
                os.lchown(p, owner, owner)
            if not p.is_symlink():
                mode = 0o700 if p.is_dir() else 0o600
                if not writable:
                    mode = 0o755 if p.is_dir() else 0o644
                os.chmod(p, mode)

    def env(self, extra: Mapping[str, str] | None = None) -> dict[str, str]:
        """A clean environment for sandboxed code: HOME and TMPDIR in the private folder, and a
        user name (the sandbox uid has no passwd entry; libraries that ask, such as torch's
        cache folders through getpass, read these first)."""
        name = f"sandbox-{self.uid}" if self.isolated else "scorer"
        extra = dict(extra or {})
        # thread pools sized to the CPUs there are, and small enough to fit the process limit
        # (RLIMIT_NPROC counts threads): OpenBLAS aborts when it cannot start its pool
        threads = extra.get("OMP_NUM_THREADS") or str(self._threads())
        base = {
            **{key: threads for key in THREAD_VARIABLES},
            # the scorer's interpreter first: `python` in a script is the one the scorer runs
            # (in an image, a virtual environment's)
            "PATH": f"{Path(sys.executable).parent}:/usr/local/bin:/usr/bin:/bin",
            "HOME": str(self.root),
            "USER": name,
            "LOGNAME": name,
            "TMPDIR": str(self.tmp),
            "LANG": "C.UTF-8",
            "PYTHONDONTWRITEBYTECODE": "1",
        }
        for key in ("CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES", "LD_LIBRARY_PATH"):
            if key in os.environ:
                base[key] = os.environ[key]
        return {**base, **extra}

    def _threads(self) -> int:
        cpus = available_cpus()
        if self.limits.processes is not None:
            cpus = min(cpus, max(1, self.limits.processes // 4))
        return cpus

    def command(self, argv: Sequence[str]) -> list[str]:
        """``argv`` wrapped in the kit's launcher, which applies the limits, cuts the network,
        drops to the sandbox's uid and then executes ``argv``."""
        spec = {
            "uid": self.uid if self.isolated else None,
            "tmp": str(self.tmp),
            "rlimits": self.limits.as_rlimits(),
            "hide": _hidden_folders(),
        }
        return [sys.executable, "-I", "-S", __file__, "--launch", json.dumps(spec), "--", *argv]

    def popen(self, argv: Sequence[str], **kwargs: Any) -> subprocess.Popen[bytes]:
        """Start ``argv`` in the sandbox (cwd its folder, its environment unless ``env`` is
        given, a session of its own); other keyword arguments go to ``subprocess.Popen``."""
        kwargs.setdefault("cwd", self.root)
        kwargs.setdefault("env", self.env())
        kwargs.setdefault("stdin", subprocess.DEVNULL)
        proc = subprocess.Popen(self.command(argv), start_new_session=True, **kwargs)
        self._children.append(proc)
        return proc

    def run(
        self, argv: Sequence[str], *, timeout: float, max_output: int = 1 << 20, **kwargs: Any
    ) -> Completed:
        """Run ``argv`` to completion or ``timeout`` (then every process of the uid is
        killed); stdout and stderr together, at most ``max_output`` bytes kept."""
        proc = self.popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, **kwargs)
        assert proc.stdout is not None
        out = bytearray()
        deadline = time.monotonic() + timeout
        timed_out = False
        os.set_blocking(proc.stdout.fileno(), False)
        with selectors.DefaultSelector() as sel:
            sel.register(proc.stdout, selectors.EVENT_READ)
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    timed_out = True
                    break
                if not sel.select(timeout=min(left, 1.0)):
                    if proc.poll() is not None:
                        break
                    continue
                chunk = proc.stdout.read(65536)
                if not chunk:
                    break
                if len(out) < max_output:
                    out += chunk[: max_output - len(out)]
        if timed_out:
            self.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)
        if proc.returncode is None:
            self.kill()
            proc.wait()
        proc.stdout.close()
        return Completed(None if timed_out else proc.returncode, bytes(out), timed_out)

    def signal(self, sig: int) -> None:
        """Send ``sig`` to every process of the sandbox's uid (see :func:`signal_uid`), and to
        the processes this sandbox started that may not have dropped to it yet (the launcher
        runs as root until it execs, where a signal made as the uid cannot reach it)."""
        if self.isolated:
            self._signal_children(sig)
            signal_uid(self.uid, sig)

    def _children_stopped(self) -> bool:
        # a launcher still root is single-threaded: its main task's state is its state
        return all(
            proc.poll() is not None or _stopped(f"/proc/{proc.pid}/stat") for proc in self._children
        )

    def _signal_children(self, sig: int) -> None:
        # our own unreaped children: their pids cannot have been reused
        for proc in self._children:
            if proc.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(proc.pid, sig)

    def stop(self, *, wait: float = 5.0) -> None:
        """Stop every process of the sandbox's uid and wait until each of their threads is
        stopped: from then on nothing of the agent's runs (until :meth:`signal` SIGCONT).

        Raises:
            Invalid: a thread of theirs is still running after ``wait`` seconds.
        """
        if not self.isolated:
            return
        deadline = time.monotonic() + wait
        while True:
            self.signal(signal.SIGSTOP)
            if all_stopped(self.uid) and self._children_stopped():
                return
            if time.monotonic() > deadline:
                raise Invalid("the solution's processes could not be stopped")
            time.sleep(0.001)

    def kill(self) -> None:
        """Kill every process of the sandbox's uid, wait until they are gone, and reap the
        ones this process started (no zombie is left behind)."""
        if self.isolated:
            # first what this sandbox started, by pid: a launcher that has not yet dropped
            # to the uid would escape a kill made as the uid, and live on as it
            self._signal_children(signal.SIGKILL)
            kill_uid(self.uid)
        for proc in self._children:
            if proc.poll() is None and not self.isolated:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=KILL_WAIT_S)
        self._children = [p for p in self._children if p.returncode is None]


def _walk(path: Path) -> Iterator[Path]:
    yield path
    if path.is_dir() and not path.is_symlink():
        for dirpath, dirnames, filenames in os.walk(path):
            for n in dirnames + filenames:
                yield Path(dirpath, n)


def _scoring_dir() -> Path:
    """The scoring's own folder: root-owned, others may pass through but not list it."""
    given = os.environ.get("ENVSPEC_SCORING_DIR")
    if given:
        where = Path(given)
    elif os.geteuid() == 0:
        where = DEFAULT_SCORING_DIR
    else:  # unisolated: no other uid to keep out but the scorer's own
        where = Path(tempfile.gettempdir()) / f"envspec-scoring-{os.getuid()}"
    where.mkdir(parents=True, exist_ok=True)
    info = os.lstat(where)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid():
        raise RuntimeError(f"{where} must be a folder owned by the scorer's user")
    os.chmod(where, 0o711)
    return where


def _uid_block() -> tuple[int, int]:
    given = os.environ.get("ENVSPEC_SANDBOX_UIDS", "")
    if given:
        start, count = (int(x) for x in given.split(":"))
        return start, count
    return DEFAULT_UIDS


def lock_any(folder: Path, choices: Sequence[int]) -> tuple[int, IO[bytes]] | None:
    """The first of ``choices`` (tried in random order) whose lock file in ``folder`` this
    process could lock, with the open file that holds the lock (closing it releases it)."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    order = list(choices)
    random.SystemRandom().shuffle(order)
    for choice in order:
        f = (folder / f"{choice}.lock").open("ab")
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            f.close()
            continue
        return choice, f
    return None


def _lock_uid() -> tuple[int, IO[bytes]]:
    """A uid of the block, locked for this process (released when its file is closed)."""
    start, count = _uid_block()
    locked = lock_any(LOCK_DIR, range(start, start + min(count, 4096)))
    if locked is None:
        raise RuntimeError(f"no free sandbox uid in {start}..{start + count - 1}")
    return locked


# --- the launcher (runs as root, then becomes the sandbox's uid and executes the command) ----


def _cut_network() -> None:
    """A network namespace of its own (loopback only, up, as in a container without network:
    processes of one sandbox may talk to each other, e.g. a multi-GPU training's rendezvous);
    where that is not permitted (a container without CAP_SYS_ADMIN), the container must
    already have no network."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(CLONE_NEWNET) == 0:
        # without CAP_NET_ADMIN here: a sandbox without even a loopback, as before
        with contextlib.suppress(OSError):
            _loopback_up()
        return
    with open("/proc/net/dev") as f:  # this network namespace's interfaces (not /sys's)
        interfaces = {line.split(":")[0].strip() for line in f if ":" in line} - {"lo"}
    if interfaces:
        raise SystemExit(
            f"scorer_kit: cannot cut the network (unshare: {os.strerror(ctypes.get_errno())}) "
            f"and interfaces {sorted(interfaces)} exist"
        )


def _loopback_up() -> None:
    """Bring this network namespace's ``lo`` up (a new namespace's is down)."""
    import socket

    siocgifflags, siocsifflags, iff_up = 0x8913, 0x8914, 0x1
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        req = struct.pack("16sH14x", b"lo", 0)
        flags = struct.unpack("16sH14x", fcntl.ioctl(s, siocgifflags, req))[1]
        fcntl.ioctl(s, siocsifflags, struct.pack("16sH14x", b"lo", flags | iff_up))


def _hidden_folders() -> list[str]:
    """Folders the runtime names for sandboxes not to see (``$ENVSPEC_SANDBOX_HIDE``,
    colon-separated): on a host, the agent's working folder, which a sandbox could otherwise
    write into for the agent to read later."""
    return [p for p in os.environ.get("ENVSPEC_SANDBOX_HIDE", "").split(":") if p]


def _hide(libc: Any, folders: Sequence[str], keep: str) -> None:
    """An empty read-only tmpfs over each of ``folders`` (in this mount namespace), except one
    that holds ``keep``, the sandbox's own folder."""
    for target in folders:
        if not os.path.isdir(target) or os.path.commonpath([target, keep]) == target:
            continue
        if libc.mount(b"tmpfs", target.encode(), b"tmpfs", MS_RDONLY, b"size=4k,mode=0555") != 0:
            raise SystemExit(f"scorer_kit: cannot hide {target}: {os.strerror(ctypes.get_errno())}")


def deny_keyrings() -> bool:
    """Make the kernel's keyrings unreachable to this process and everything it starts (a
    seccomp filter: add_key, request_key and keyctl fail with EPERM). A key outlives the
    processes of its uid, so a sandbox could leave data in one for the agent to read later;
    Docker's default seccomp profile denies these calls in containers, and this does the same
    on a host. Needs no_new_privs or CAP_SYS_ADMIN. False on a machine whose system call
    numbers the filter does not know."""
    known = KEYRING_SYSCALLS.get(os.uname().machine)
    if known is None:
        return False
    arch, numbers = known
    allow, deny = 0x7FFF0000, 0x00050000 | errno.EPERM  # SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO
    load, equal, at_least, ret = 0x20, 0x15, 0x35, 0x06  # classic BPF: LD W ABS, JEQ, JGE, RET
    n = len(numbers)
    program = [
        (load, 0, 0, 4),  # seccomp_data.arch
        (equal, 1, 0, arch),
        (ret, 0, 0, deny),  # another ABI (32-bit calls on a 64-bit kernel): nothing at all
        (load, 0, 0, 0),  # seccomp_data.nr
        (at_least, n + 1, 0, 0x40000000),  # x32's numbering of the same calls
        *((equal, n - i, 0, nr) for i, nr in enumerate(numbers)),
        (ret, 0, 0, allow),
        (ret, 0, 0, deny),
    ]
    code = ctypes.create_string_buffer(b"".join(struct.pack("=HBBI", *i) for i in program))

    class _Program(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    libc = ctypes.CDLL(None, use_errno=True)
    prog = _Program(len(program), ctypes.addressof(code))
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(prog), 0, 0) != 0:
        raise SystemExit(f"scorer_kit: cannot deny keyrings: {os.strerror(ctypes.get_errno())}")
    return True


def _private_tmp(folder: str, hide: Sequence[str] = ()) -> bool:
    """The sandbox's own shared temporary folders (SHARED_TMP): its ``tmp`` folder (gone with
    the sandbox, bounded with the scoring's storage), in a mount namespace of its own, so that
    nothing it writes lands in the host's shared folders. Where that is not permitted (a
    container without CAP_SYS_ADMIN), the container's own folders are the scoring's already."""
    libc = ctypes.CDLL(None, use_errno=True)
    # System V shared memory and queues of its own too: they would outlive every process
    if libc.unshare(CLONE_NEWNS | CLONE_NEWIPC) != 0:
        return False
    if libc.mount(b"none", b"/", None, MS_REC | MS_PRIVATE, None) != 0:
        raise SystemExit(
            f"scorer_kit: cannot make mounts private: {os.strerror(ctypes.get_errno())}"
        )
    # through a descriptor: the folder's path may lie under one of the folders it hides
    fd = os.open(folder, os.O_PATH | os.O_DIRECTORY | os.O_NOFOLLOW)
    for target in SHARED_TMP:
        if (
            os.path.isdir(target)
            and libc.mount(f"/proc/self/fd/{fd}".encode(), target.encode(), None, MS_BIND, None)
            != 0
        ):
            raise SystemExit(
                f"scorer_kit: cannot mount {target}: {os.strerror(ctypes.get_errno())}"
            )
    os.close(fd)
    # POSIX message queues by path: a host's /dev/mqueue is its IPC namespace's, where a queue
    # would outlive the sandbox; this namespace's own instead
    mqueue = b"/dev/mqueue"
    if os.path.isdir(mqueue) and libc.mount(b"mqueue", mqueue, b"mqueue", 0, None) != 0:
        raise SystemExit(f"scorer_kit: cannot mount /dev/mqueue: {os.strerror(ctypes.get_errno())}")
    _hide(libc, hide, folder)
    return True


def _launch(spec: dict[str, Any], argv: list[str]) -> None:
    for name, value in spec["rlimits"].items():
        resource.setrlimit(getattr(resource, name), (value, value))
    uid = spec["uid"]
    if uid is not None:
        _cut_network()
        if (
            _private_tmp(spec["tmp"], spec.get("hide", ()))
            and os.environ.get("TMPDIR") == spec["tmp"]
        ):
            # the same folder by a short name: a unix socket's path (multiprocessing's, under
            # TMPDIR) must fit 107 bytes, and a scoring's folder can be nearly that long
            os.environ["TMPDIR"] = "/tmp"
        os.setgroups([])
        os.setresgid(uid, uid, uid)
        os.setresuid(uid, uid, uid)
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)  # no setuid binary can give privileges back
    if uid is not None:
        deny_keyrings()
    os.execvp(argv[0], argv)


def _snapshot(src: str, dest: str) -> int:
    """The runtime's snapshot of the solution for a scorer: a link-free copy, or (exit 3) an
    invalid result written to ``$ENVSPEC_RESULT`` and no scoring."""
    try:
        copy_solution(Path(src), Path(dest), max_bytes=SNAPSHOT_MAX_BYTES, skip=())
    except Invalid as e:
        result = {"valid": False, "reason": str(e), "message": str(e)}
        Path(os.environ["ENVSPEC_RESULT"]).write_text(json.dumps(result))
        return 3
    return 0


if __name__ == "__main__" and len(sys.argv) > 2 and sys.argv[1] == "--deny-keyrings":
    deny_keyrings()
    os.execvp(sys.argv[2], sys.argv[2:])
elif __name__ == "__main__" and len(sys.argv) > 3 and sys.argv[1] == "--launch":
    _launch(json.loads(sys.argv[2]), sys.argv[4:])
elif __name__ == "__main__" and len(sys.argv) == 4 and sys.argv[1] == "--snapshot":
    sys.exit(_snapshot(sys.argv[2], sys.argv[3]))
