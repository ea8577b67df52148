"""A run's network namespace and services on the local backend (as root).

An isolated run whose variant has no network gets a network namespace of its own (``unshare
--net``, loopback only), and every command of the agent runs in it. Each engine runs on this
host on a unix socket in the service's root-only folder (no port anyone could reach); its proxy
runs inside the run's namespace, listening on ``127.0.0.1:PORT`` there, which is all the agent
can reach, and on a unix socket beside the engine's for the scorer. Engines and proxies run
under ``timeout`` until the deadline in sessions of their own, so that they end with no envspec
process alive; their process groups are recorded in the service folders, from which ``stop``
and ``gc`` end them.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from envspec.errors import EngineError
from envspec.models.manifest import Manifest, Service
from envspec.models.run import RunRecord
from envspec.runtime import runstore, services
from envspec.runtime.host import HostCannotRun

#: brings up the loopback of the namespace it runs in, then holds the namespace open until the
#: deadline (argv[1]: seconds) under the run's mark (argv[2]: the run); standard library only,
#: as hosts may lack iproute2
HOLDER = """
import fcntl, os, socket, struct, sys
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
ifr = struct.pack("16sh22x", b"lo", 0)
flags = struct.unpack("16sh22x", fcntl.ioctl(s, 0x8913, ifr))[1]
fcntl.ioctl(s, 0x8914, struct.pack("16sh22x", b"lo", flags | 1))
os.execvp("sleep", ["envspec-netns:" + sys.argv[2], sys.argv[1]])  # argv[0]: _mark's
"""


def _mark(run_id: str) -> bytes:
    """What the command line of ``run_id``'s namespace holder holds, and no other process's:
    a pid file outlives its process, and with pids reused (32,768 of them on many hosts) a
    mark shared by every run's holder let one run's clean-up kill another run's holder."""
    return f"envspec-netns:{run_id}\0".encode()


def _holder_file(run_id: str) -> Path:
    return runstore.run_dir(run_id) / "netns.pid"


def create_namespace(run_id: str, seconds: int) -> str:
    """The run's network namespace, loopback up (so that the agent's own processes can talk
    over 127.0.0.1), nothing else, held open by a detached process until the deadline; returns
    its path (``/proc/PID/ns/net``).

    Raises:
        HostCannotRun: namespaces cannot be made here.
    """
    argv = ["unshare", "--net", "--", sys.executable, "-c", HOLDER, str(seconds), run_id]
    launcher = 'setsid "$@" </dev/null >/dev/null 2>&1 & echo $!'
    done = subprocess.run(["sh", "-c", launcher, "sh", *argv], capture_output=True, text=True)
    pid = done.stdout.strip()
    deadline = time.monotonic() + 10
    while pid.isdigit() and time.monotonic() < deadline:
        cmdline = Path(f"/proc/{pid}/cmdline")
        if cmdline.exists() and _mark(run_id) in cmdline.read_bytes():  # up and holding
            _holder_file(run_id).write_text(pid)
            return f"/proc/{pid}/ns/net"
        if not alive(int(pid)):
            break
        time.sleep(0.02)
    raise HostCannotRun(
        "cannot give the run a network namespace of its own (unshare --net failed)",
        hint="run envspec as root on a kernel with network namespaces, or use --backend docker",
    )


@dataclasses.dataclass(frozen=True)
class Program:
    """How this host runs a custom service's program (from the unpacked scorer image)."""

    argv: list[str]
    cwd: Path
    env: dict[str, str]


def start(
    run: RunRecord,
    manifest: Manifest,
    assets: dict[str, str],
    ns: str,
    *,
    programs: dict[str, Program],
    gpus: dict[str, tuple[str, ...]],
) -> dict[str, Any]:
    """The engines (a custom service: its ``programs`` entry) and the proxies (inside the run's
    namespace ``ns``); returns the backend state to keep. Waits until every engine has loaded
    its model and every proxy listens.

    Raises:
        EngineError: something did not start.
    """
    keys = services.draw_keys(manifest)
    remaining = max(1, int((run.deadline or time.time()) - time.time()))
    urls = {}
    for i, s in enumerate(manifest.services):
        port = services.PORT + i
        launch(
            services.service_dir(run.id, s.name),
            s,
            programs[s.name] if s.custom else Path(assets[str(s.model)]) / s.file,
            gpus=gpus.get(s.name, ()),
            keys=keys[s.name],
            seconds=remaining,
            budget=run.limits.service_budget(s.unit, custom=s.custom),
            requests=run.limits.requests.get(s.name),
            port=port,
            namespace=ns,
        )
        urls[s.name] = f"http://127.0.0.1:{port}"
    return {"service_keys": keys, "service_urls": urls}


def launch(
    folder: Path,
    service: Service,
    what: Path | Program,
    *,
    gpus: tuple[str, ...] = (),
    keys: dict[str, str],
    seconds: int,
    budget: float | None,
    requests: int | None = None,
    port: int,
    namespace: str | None,
) -> None:
    """One service: its engine (the model file ``what`` served by the service's engine, on
    ``gpus`` where it can; or a custom service's program) on a unix socket in ``folder``
    (root-only), its proxy on ``127.0.0.1:port`` inside the network namespace ``namespace``
    (or this host's: ``envspec serve``) and on a socket in ``folder``; both for at most
    ``seconds``. Returns once the engine answers and the proxy listens.

    Raises:
        EngineError: either did not start.
    """
    engine_sock = folder / services.ENGINE_SOCKET
    if isinstance(what, Program):
        env = services.custom_env({"HOME": str(folder), **what.env}, f"unix:{engine_sock}")
        _spawn(folder, "engine", services.until(seconds, what.argv), cwd=what.cwd, env=env)
    else:
        engine = services.ENGINES[service.engine]
        argv = [sys.executable, str(services.PROGRAMS / engine.program)]
        argv += services.engine_args(service, str(what), str(engine_sock))
        env = {**os.environ, "CUDA_VISIBLE_DEVICES": ",".join(gpus)}
        if engine.gpu:
            argv += ["--device", "cuda" if gpus else "cpu"]
        _spawn(folder, "engine", services.until(seconds, argv), env=env)
    _wait_engine(folder, engine_sock, service)
    config = services.write_proxy_config(
        folder, service, keys, upstream=f"unix:{engine_sock}", listen_host="127.0.0.1",
        folder=str(folder), budget=budget, requests=requests, port=port,
    )  # fmt: skip
    inside = ["nsenter", f"--net={namespace}", "--"] if namespace else []
    _spawn(
        folder,
        "proxy",
        [*inside, *services.until(seconds, [sys.executable, str(services.PROGRAMS / "proxy.py"),
                                            str(config)])],
    )  # fmt: skip
    _wait_proxy(folder, service)


def end(folder: Path) -> None:
    """Kill the process groups recorded in ``folder`` (an engine's, a proxy's)."""
    for pid_file in folder.glob("*.pid"):
        _kill_group(pid_file, b"timeout")  # every service process is led by its deadline


def _kill_group(pid_file: Path, mark: bytes) -> None:
    """Kill the process group whose leader ``pid_file`` names, if its command line still holds
    ``mark`` (a pid can be reused once it exits); then forget it."""
    with contextlib.suppress(ValueError, OSError):
        pid = int(pid_file.read_text())
        if mark in Path(f"/proc/{pid}/cmdline").read_bytes():
            os.killpg(pid, signal.SIGKILL)
    pid_file.unlink(missing_ok=True)


def _spawn(
    folder: Path,
    role: str,
    argv: list[str],
    *,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
) -> None:
    """Start ``argv`` detached (a session of its own, not a child of this process, so that no
    zombie of it waits on a long-lived caller), output to ``folder/ROLE.log``; its pid, which
    is its process group, recorded in ``folder/ROLE.pid``."""
    log = folder / f"{role}.log"
    launcher = 'setsid "$@" </dev/null >"$0" 2>&1 & echo $!'
    done = subprocess.run(
        ["sh", "-c", launcher, str(log), *argv], capture_output=True, text=True, cwd=cwd, env=env
    )
    if done.returncode != 0 or not done.stdout.strip().isdigit():
        raise EngineError(f"cannot start the {role} of a service: {done.stderr.strip()}")
    (folder / f"{role}.pid").write_text(done.stdout.strip())


def _alive(folder: Path, role: str) -> bool:
    return alive(int((folder / f"{role}.pid").read_text()))


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _failed(folder: Path, role: str, service: Service) -> EngineError:
    tail = (folder / f"{role}.log").read_text(errors="replace")[-1500:]
    return EngineError(
        f"service {service.name!r}: its {role} did not start:\n{tail}",
        hint="check the model asset and the services' packages (pip install 'envspec[services]')",
    )


def _wait_engine(folder: Path, sock: Path, service: Service) -> None:
    import httpx  # only runs with services load it (GPU hosts may lack it)

    deadline = time.monotonic() + services.READY_TIMEOUT_S
    transport = httpx.HTTPTransport(uds=str(sock))
    route = service.ready if service.custom else "/v1/models"
    with httpx.Client(transport=transport, timeout=2.0) as client:
        while time.monotonic() < deadline and _alive(folder, "engine"):
            if sock.exists():
                with contextlib.suppress(httpx.TransportError):
                    if client.get(f"http://engine{route}").status_code == 200:
                        return
            time.sleep(0.2)
    raise _failed(folder, "engine", service)


def _wait_proxy(folder: Path, service: Service) -> None:
    deadline = time.monotonic() + services.READY_TIMEOUT_S
    while time.monotonic() < deadline and _alive(folder, "proxy"):
        if (folder / services.SOCKET).exists():  # made after its TCP listener
            return
        time.sleep(0.1)
    raise _failed(folder, "proxy", service)


def check_possible() -> None:
    """Raises HostCannotRun where this host cannot isolate services (not root)."""
    if os.geteuid() != 0:
        raise HostCannotRun(
            "services on the local backend need root (a network namespace per run)",
            hint="run envspec as root, or use --backend docker",
        )


def enter(ns: str | None, run_id: str) -> list[str]:
    """The prefix that runs an agent's command in run ``run_id``'s network namespace ``ns``
    (none for a run without one).

    Raises:
        HostCannotRun: ``ns`` is no longer the run's own: its holder has ended, and its pid
            may since name another process, one in the host's namespace even.
    """
    if not ns:
        return []
    try:
        pid = ns.split("/")[2]
        held = _mark(run_id) in Path(f"/proc/{pid}/cmdline").read_bytes()
        own = os.stat(ns).st_ino != os.stat("/proc/self/ns/net").st_ino
    except (OSError, IndexError):
        held = own = False
    if not (held and own):
        raise HostCannotRun(
            "the run's network namespace has ended: its commands would not be cut off",
            hint="finish the run and start another",
        )
    return ["nsenter", f"--net={ns}", "--"]


def stop(run_id: str) -> None:
    """End the run's engines, proxies and namespace holder (idempotent)."""
    root = runstore.run_dir(run_id) / "services"
    if root.is_dir():
        for folder in root.iterdir():
            end(folder)
    _kill_group(_holder_file(run_id), _mark(run_id))


def leftovers() -> list[str]:
    """Runs whose namespace holder or service processes still run here (for gc)."""
    out = []
    for d in runstore.runs_root().glob("*"):
        pids = [d / "netns.pid", *(d / "services").glob("*/*.pid")]
        if any(p.is_file() and p.read_text().isdigit() and alive(int(p.read_text())) for p in pids):
            out.append(d.name)
    return out
