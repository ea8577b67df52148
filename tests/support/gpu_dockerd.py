"""A private dockerd with a stub NVIDIA hook, so tests can drive Docker's GPU path without a GPU.

dockerd (20.10) registers its ``nvidia`` device driver at start-up only when
``nvidia-container-runtime-hook`` is on its PATH. A container started with
``DeviceRequest(device_ids=[...], capabilities=[["gpu"]])`` then gets
``NVIDIA_VISIBLE_DEVICES=<ids>`` in its environment and an OCI prestart hook
``{"path": <hook found on PATH>, "args": ["nvidia-container-runtime-hook", "prestart"],
"env": <dockerd's environment>}``, which runc runs before the container's process starts, with the
container's state JSON on stdin. Without the hook on its PATH the same request fails at start with
``could not select device driver "" with capabilities: [[gpu]]``.

:func:`private_gpu_dockerd` starts a second dockerd (its own data root, exec root, socket, pidfile,
managed containerd and config file; no bridge, no iptables) whose PATH begins with
``stub-nvidia-hook/``, copies images into it from the main engine, and tears everything down on
exit: containers, dockerd, its containerd and shims, mounts and directories.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import docker
import docker.errors
import requests

STUB_HOOK_DIR = Path(__file__).resolve().parent / "stub-nvidia-hook"
HOOK_NAME = "nvidia-container-runtime-hook"
START_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 20.0  # dockerd waits up to 15 s for containers it still has; we remove them first
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
# Unix socket paths must stay under 108 bytes: keep the daemon's sockets under /tmp/gpud-XXXXXXXX,
# not under pytest's (long) tmp_path.
SHORT_TMP = "/tmp"


class PrivateDockerdUnavailable(RuntimeError):
    """This machine cannot run a private dockerd at all (no dockerd binary, not root)."""


@dataclass(frozen=True)
class PrivateDockerd:
    """A running private dockerd."""

    host: str  # "unix:///tmp/gpud-XXXXXXXX/docker.sock"
    client: Any  # docker.DockerClient connected to ``host``
    hook_log: Path  # lines appended by the stub hook, one per call (see the stub's header)
    root: Path  # its state (data root, exec root, socket, pidfile); gone after exit
    log: Path  # dockerd's (and its containerd's) stdout and stderr; kept after exit
    pid: int  # dockerd's pid
    startup_s: float  # seconds from spawning dockerd to its first answered ping
    copy_s: float  # seconds spent copying ``images`` into it

    def hook_calls(self) -> list[dict[str, str]]:
        """The stub hook's log, parsed: one dict per call, in order, with keys ``argv``, ``id``,
        ``status``, ``bundle`` and ``NVIDIA_VISIBLE_DEVICES``."""
        return [
            dict(field.partition("=")[::2] for field in line.split("\t"))
            for line in self.hook_log.read_text().splitlines()
            if line
        ]


def unavailable_reason() -> str | None:
    """Why a private dockerd cannot run here, or None when it can."""
    if shutil.which("dockerd") is None:
        return "dockerd not found: apt-get install -y docker.io (scripts/bootstrap)"
    if os.geteuid() != 0:
        return "a private dockerd needs root"
    hook = STUB_HOOK_DIR / HOOK_NAME
    if not os.access(hook, os.X_OK):
        return f"{hook} is missing or not executable"
    return None


@contextlib.contextmanager
def private_gpu_dockerd(
    tmp_path: Path,
    *,
    images: Sequence[str] = (),
    source_host: str | None = None,
    extra_args: Sequence[str] = (),
) -> Iterator[PrivateDockerd]:
    """Start a private dockerd whose PATH finds the stub NVIDIA hook; stop and clean it on exit.

    ``images`` are copied in from the main engine (``source_host``, else ``DOCKER_HOST`` or the
    default socket) with ``docker save`` streamed into ``docker load``, keeping their names.
    ``extra_args`` are appended to dockerd's command line (``--storage-driver=vfs``, ...).
    Logs go under ``tmp_path/gpu-dockerd-*``; the daemon's state under a short
    ``/tmp/gpud-XXXXXXXX`` that is removed on exit.

    Raises:
        PrivateDockerdUnavailable: no dockerd binary, or not root.
        RuntimeError: dockerd exited or did not answer within 30 s (with its log's tail), or an
            image is missing from the main engine, or the teardown left processes or mounts.
    """
    reason = unavailable_reason()
    if reason is not None:
        raise PrivateDockerdUnavailable(reason)

    logs = Path(tempfile.mkdtemp(prefix="gpu-dockerd-", dir=tmp_path))
    log = logs / "dockerd.log"
    hook_log = logs / "hook.log"
    hook_log.touch()
    root = Path(tempfile.mkdtemp(prefix="gpud-", dir=SHORT_TMP))
    sock = root / "docker.sock"
    host = f"unix://{sock}"
    (root / "daemon.json").write_text("{}\n")  # not /etc/docker/daemon.json, the main daemon's
    # Its own network namespace: dockerd started with --bridge=none deletes any "docker0" it
    # sees, which on the host would be the main daemon's bridge.
    argv = [
        "unshare",
        "--net",
        "--",
        "dockerd",
        f"--config-file={root / 'daemon.json'}",
        f"--data-root={root / 'data'}",
        f"--exec-root={root / 'exec'}",  # managed containerd's socket and state go under here
        f"--pidfile={root / 'docker.pid'}",
        f"--host={host}",
        "--bridge=none",
        "--iptables=false",
        "--ip6tables=false",
        "--ip-masq=false",
        *extra_args,
    ]
    # dockerd hands its whole environment to the hook (the hook's "env" in config.json): keep it
    # small and free of the caller's DOCKER_* and proxy settings.
    env = {
        "PATH": f"{STUB_HOOK_DIR}:{SYSTEM_PATH}",
        "HOME": os.environ.get("HOME", "/root"),
        "STUB_NVIDIA_HOOK_LOG": str(hook_log),
    }
    started = time.monotonic()
    try:
        with log.open("ab") as log_fh:
            proc = subprocess.Popen(
                argv,
                stdout=log_fh,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=env,
                start_new_session=True,  # a Ctrl-C reaches pytest, which then tears down in order
            )
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    client: Any = None
    try:
        client = _wait_ready(proc, host, log)
        startup_s = time.monotonic() - started
        copy_started = time.monotonic()
        if images:
            _copy_images(images, source_host, client)
        copy_s = time.monotonic() - copy_started
        daemon = PrivateDockerd(
            host=host,
            client=client,
            hook_log=hook_log,
            root=root,
            log=log,
            pid=proc.pid,
            startup_s=startup_s,
            copy_s=copy_s,
        )
    except BaseException:
        _teardown(proc, client, root)
        raise

    try:
        yield daemon
    except BaseException:
        _teardown(proc, client, root)  # the test's own failure is the one to report
        raise
    problems = _teardown(proc, client, root)
    if problems:
        raise RuntimeError(
            "private dockerd teardown left things behind:\n  " + "\n  ".join(problems)
        )


def _tail(log: Path, chars: int = 3000) -> str:
    try:
        return log.read_text(errors="replace")[-chars:]
    except OSError as e:
        return f"(cannot read {log}: {e})"


def _wait_ready(proc: subprocess.Popen[bytes], host: str, log: Path) -> Any:
    deadline = time.monotonic() + START_TIMEOUT_S
    last_error: Exception | None = None
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(
                f"private dockerd at {host} exited with status {proc.returncode} before answering; "
                f"log {log}:\n{_tail(log)}"
            )
        try:
            # version=None asks the daemon for its API version, so this fails until it answers
            client = docker.DockerClient(base_url=host, timeout=120)
        except (docker.errors.DockerException, requests.RequestException) as e:
            last_error = e
        else:
            try:
                client.ping()
            except (docker.errors.DockerException, requests.RequestException) as e:
                last_error = e
                client.close()
            else:
                return client
        time.sleep(0.05)
    raise RuntimeError(
        f"private dockerd at {host} did not answer within {START_TIMEOUT_S} s "
        f"(last error: {last_error}); log {log}:\n{_tail(log)}"
    )


def _copy_images(images: Sequence[str], source_host: str | None, dest: Any) -> None:
    source = (
        docker.DockerClient(base_url=source_host, timeout=600)
        if source_host is not None
        else docker.from_env(timeout=600)
    )
    try:
        for image in images:
            try:
                source.images.get(image)
            except docker.errors.ImageNotFound as e:
                raise RuntimeError(f"image {image} is not in the main Docker engine") from e
            # get_image(name) saves under that name (RepoTags), so the copy keeps its tag;
            # load_image streams the chunks through as a chunked request body.
            stream = source.api.get_image(image, chunk_size=1 << 20)
            for _status in dest.api.load_image(stream, quiet=True):
                pass
            dest.images.get(image)  # raises ImageNotFound if the load did not tag it
    finally:
        source.close()


def _teardown(proc: subprocess.Popen[bytes], client: Any, root: Path) -> list[str]:
    """Stop everything the private daemon started and remove its state. Returns what is left."""
    problems: list[str] = []
    if client is not None:
        with contextlib.suppress(docker.errors.DockerException, requests.RequestException):
            for container in client.containers.list(all=True):
                with contextlib.suppress(docker.errors.DockerException, requests.RequestException):
                    container.remove(force=True)
        client.close()

    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            problems.append(f"dockerd {proc.pid} ignored SIGTERM for {STOP_TIMEOUT_S} s: killed")
            proc.kill()
            proc.wait()

    # dockerd stops its containerd, and containerd's shims exit with their containers; anything
    # still naming our root (containerd, containerd-shim-runc-v2 -address <root>/exec/...) is ours.
    leftovers = processes_under(root)
    if leftovers:
        problems.append(f"processes left running (killed): {leftovers}")
        for pid in leftovers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        _wait_gone(leftovers, 5.0)

    mounts = mounts_under(root)
    for mount in mounts:  # deepest first
        if subprocess.run(["umount", mount], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", mount], capture_output=True)
    if mounts:
        problems.append(f"mounts left (unmounted): {mounts}")

    shutil.rmtree(root, ignore_errors=True)
    if root.exists():
        problems.append(f"could not remove {root}")
    return problems


def processes_under(root: Path) -> list[int]:
    """Pids of live processes whose command line mentions ``root`` (zombies excluded)."""
    needle = str(root).encode()
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state = stat.rsplit(")", 1)[-1].split()[0] if ")" in stat else "?"
        if needle in cmdline and state != "Z":
            pids.append(int(entry.name))
    return sorted(pids)


def _wait_gone(pids: list[int], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(Path(f"/proc/{p}").exists() for p in pids):
        time.sleep(0.05)


def mounts_under(root: Path) -> list[str]:
    """Mount points at or below ``root``, deepest first."""
    prefix = str(root)
    points = []
    with open("/proc/self/mountinfo") as fh:
        for line in fh:
            point = _unescape(line.split()[4])
            if point == prefix or point.startswith(prefix + "/"):
                points.append(point)
    return sorted(set(points), key=lambda p: p.count("/"), reverse=True)


def _unescape(field: str) -> str:
    """Undo mountinfo's octal escapes (``\\040`` for a space, and so on)."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), field)
