"""A real Slurm cluster for tests: munged, slurmctld and one slurmd per emulated node, all on
this machine, with fake GPUs (gres.conf lines pointing at existing character devices, so jobs
get real GRES and CUDA_VISIBLE_DEVICES). Its own folder, ports and munge socket; every process
it started (daemons and whatever job steps are left) is killed at the end.

Settings chosen for fast tests: the time limit acts at once (``OverTimeLimit=0``; Slurm checks
limits every ~30 s), a cancelled job is SIGKILLed 5 s after SIGTERM (``KillWait``), a node whose
slurmd stops answering is declared down after about 20 s (``SlurmdTimeout=5``: the controller
pings every few seconds), and ``EnforcePartLimits`` is off as on many clusters.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

#: the fake GPUs: character devices every Linux has; two per node
FAKE_GPU_DEVICES = ("/dev/null", "/dev/zero", "/dev/full", "/dev/urandom")
BINARIES = ("munged", "slurmctld", "slurmd", "sbatch", "squeue", "sinfo", "scancel", "srun")


@dataclass
class Cluster:
    """A running test cluster."""

    root: Path
    conf: Path
    nodes: tuple[str, ...]
    gpu_type: str
    gpus_per_node: int
    daemons: dict[str, int] = field(default_factory=dict)  # name -> pid

    def env(self) -> dict[str, str]:
        """What Slurm's commands need to find this cluster."""
        return {**os.environ, "SLURM_CONF": str(self.conf)}

    def run(self, *argv: str) -> str:
        """A Slurm command's stdout (it must succeed)."""
        done = subprocess.run(
            argv, env=self.env(), capture_output=True, text=True, timeout=30, check=False
        )
        assert done.returncode == 0, f"{argv}: {done.stderr}"
        return done.stdout

    def node_state(self, node: str) -> str:
        """The node's state as sinfo says it (idle, mixed, allocated, down*, ...)."""
        return self.run("sinfo", "--noheader", "--Node", f"--nodes={node}", "--format=%T").strip()

    def wait_node(self, node: str, states: tuple[str, ...], timeout: float = 60) -> None:
        """Wait until ``node`` is in one of ``states``."""
        give_up = time.monotonic() + timeout
        while (state := self.node_state(node)) not in states:
            jobs = self.run("squeue", "--noheader", "--states=all", "--format=%i %T %r %N %j")
            jobs += self.run("scontrol", "show", "node", node)
            assert time.monotonic() < give_up, f"{node} is {state}, not {states}; jobs: {jobs}"
            time.sleep(0.3)

    def kill_slurmd(self, node: str) -> None:
        """Kill the node's slurmd as a crash would (its job steps live on, as on a node
        whose daemon died)."""
        pid = self.daemons.pop(f"slurmd-{node}")
        os.kill(pid, signal.SIGKILL)
        _wait_gone(pid)

    def start_slurmd(self, node: str) -> None:
        """Start (again) the node's slurmd."""
        self.daemons[f"slurmd-{node}"] = _daemon(
            ["slurmd", "-f", str(self.conf), "-N", node], self.root / f"slurmd-{node}.pid"
        )

    def steps(self, job_id: str) -> list[int]:
        """Pids of the job's slurmstepd processes still alive on this machine."""
        prefix = f"slurmstepd: [{job_id}.".encode()
        return [p for p in _steps_of(self.root) if _cmdline(p).startswith(prefix)]

    def active_jobs(self) -> list[str]:
        """Ids of the jobs that are pending or running."""
        out = self.run("squeue", "--noheader", "--format=%i")
        return out.split()


def missing() -> str | None:
    """Why a test cluster cannot start here (None: it can)."""
    absent = [b for b in BINARIES if shutil.which(b) is None]
    if absent:
        return f"Slurm is not installed ({', '.join(absent)}): apt-get install slurm-wlm munge"
    if os.geteuid() != 0:
        return "the test cluster's slurmd must run as root"
    return None


@contextlib.contextmanager
def cluster(
    root: Path,
    *,
    nodes: tuple[str, ...] = ("nodeA", "nodeB"),
    gpu_type: str = "h100",
    cpus: int = 4,
    memory_mb: int = 8000,
    max_time: str = "30",
) -> Iterator[Cluster]:
    """Start a cluster in ``root`` (len(FAKE_GPU_DEVICES) // len(nodes) GPUs a node); stop
    it, and everything its jobs left running, at the end."""
    root.mkdir(parents=True, exist_ok=True)
    for folder in (root, *root.parents):  # munged's demands on the folders above its socket
        mode = folder.stat().st_mode
        if not mode & 0o001 or (mode & 0o002 and not mode & 0o1000):
            raise AssertionError(f"{folder} must be 0755 (or sticky): munged refuses it")
    per_node = len(FAKE_GPU_DEVICES) // len(nodes)
    c = Cluster(root, root / "slurm.conf", nodes, gpu_type, per_node)
    try:
        c.daemons["munged"] = _start_munge(root)
        _write_config(c, cpus=cpus, memory_mb=memory_mb, max_time=max_time)
        c.daemons["slurmctld"] = _daemon(
            ["slurmctld", "-i", "-f", str(c.conf)], root / "slurmctld.pid"
        )
        for node in nodes:
            c.start_slurmd(node)
        for node in nodes:
            c.wait_node(node, ("idle",), timeout=30)
        yield c
    finally:
        _stop(c)


def _start_munge(root: Path) -> int:
    folder = root / "munge"
    folder.mkdir(exist_ok=True)
    os.chmod(folder, 0o755)
    key = folder / "munge.key"
    key.write_bytes(os.urandom(1024))
    os.chmod(key, 0o600)
    return _daemon(
        [
            "munged",
            f"--socket={folder}/munge.socket",
            f"--key-file={key}",
            f"--pid-file={folder}/munged.pid",
            f"--log-file={folder}/munged.log",
            f"--seed-file={folder}/munged.seed",
        ],
        folder / "munged.pid",
    )


def _write_config(c: Cluster, *, cpus: int, memory_mb: int, max_time: str) -> None:
    host = socket.gethostname()
    ports = _free_ports(1 + len(c.nodes))
    r = c.root
    lines = [
        "ClusterName=envspec-test",
        f"SlurmctldHost={host}(127.0.0.1)",
        f"SlurmctldPort={ports[0]}",
        "AuthType=auth/munge",
        "CredType=cred/munge",
        f"AuthInfo=socket={r}/munge/munge.socket",
        "SlurmUser=root",
        "SlurmdUser=root",
        f"StateSaveLocation={r}/state",
        f"SlurmdSpoolDir={r}/spool/%n",
        f"SlurmctldPidFile={r}/slurmctld.pid",
        f"SlurmdPidFile={r}/slurmd-%n.pid",
        f"SlurmctldLogFile={r}/log/slurmctld.log",
        f"SlurmdLogFile={r}/log/slurmd-%n.log",
        "SlurmctldDebug=info",
        "SlurmdDebug=info",
        # no cgroups (containers, gVisor): processes are tracked by their parents
        "ProctrackType=proctrack/linuxproc",
        "TaskPlugin=task/none",
        "SelectType=select/cons_tres",
        "SelectTypeParameters=CR_Core_Memory",
        "SchedulerType=sched/backfill",
        "SchedulerParameters=bf_interval=1",
        "GresTypes=gpu",
        "MpiDefault=none",
        "SwitchType=switch/none",
        "JobAcctGatherType=jobacct_gather/none",
        "AccountingStorageType=accounting_storage/none",
        "SlurmdParameters=config_overrides",  # the nodes' CPUs and memory as configured here
        "ReturnToService=2",  # a node whose slurmd comes back serves again
        "JobRequeue=0",
        "KillWait=5",
        "OverTimeLimit=0",
        "SlurmdTimeout=5",
        "InactiveLimit=0",
        "MinJobAge=600",
    ]
    gres = ["AutoDetect=off"]
    devices = iter(FAKE_GPU_DEVICES)
    for node, port in zip(c.nodes, ports[1:], strict=True):
        lines.append(
            f"NodeName={node} NodeHostname={host} NodeAddr=127.0.0.1 Port={port} "
            f"CPUs={cpus} RealMemory={memory_mb} Gres=gpu:{c.gpu_type}:{c.gpus_per_node}"
        )
        for _ in range(c.gpus_per_node):
            gres.append(f"NodeName={node} Name=gpu Type={c.gpu_type} File={next(devices)}")
    lines.append(
        f"PartitionName=main Nodes={','.join(c.nodes)} Default=YES MaxTime={max_time} State=UP"
    )
    for sub in ("state", "log", "spool"):
        (r / sub).mkdir(exist_ok=True)
    c.conf.write_text("\n".join(lines) + "\n")
    (r / "gres.conf").write_text("\n".join(gres) + "\n")


def _free_ports(n: int) -> list[int]:
    sockets = [socket.socket() for _ in range(n)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def _daemon(argv: list[str], pidfile: Path) -> int:
    """Start a daemon (it forks into the background) and return its pid from its pid file."""
    pidfile.unlink(missing_ok=True)
    done = subprocess.run(argv, capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 0, f"{argv[0]} did not start: {done.stderr}"
    give_up = time.monotonic() + 10
    while time.monotonic() < give_up:
        with contextlib.suppress(OSError, ValueError):
            return int(pidfile.read_text().strip())
        time.sleep(0.05)
    raise AssertionError(f"{argv[0]} wrote no pid file {pidfile}")


def _stop(c: Cluster) -> None:
    """Cancel every job, stop the daemons, and kill any job step left (a step of a node whose
    slurmd was killed outlives it) with everything it started."""
    if "slurmctld" in c.daemons:
        with contextlib.suppress(Exception):
            subprocess.run(["scancel", "--full", "--user=root"], env=c.env(), timeout=10)
            give_up = time.monotonic() + 20
            while c.active_jobs() and time.monotonic() < give_up:
                time.sleep(0.3)
    for name in sorted(c.daemons, key=lambda n: n.startswith("munged")):  # munged last
        with contextlib.suppress(ProcessLookupError):
            os.kill(c.daemons[name], signal.SIGTERM)
    for pid in c.daemons.values():
        _wait_gone(pid)
    for pid in _steps_of(c.root):
        _kill_tree(pid)


def _steps_of(root: Path) -> list[int]:
    """slurmstepd processes of this cluster: they write to its slurmd logs."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            if not (proc / "cmdline").read_bytes().startswith(b"slurmstepd"):
                continue
            if any(str(root) in os.readlink(fd) for fd in (proc / "fd").iterdir()):
                found.append(int(proc.name))
    return found


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _kill_tree(pid: int) -> None:
    children: dict[int, list[int]] = {}
    for proc in Path("/proc").iterdir():
        with contextlib.suppress(OSError, ValueError, IndexError):
            ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(proc.name))
    todo, tree = [pid], []
    while todo:
        p = todo.pop()
        tree.append(p)
        todo += children.get(p, [])
    for p in tree:
        with contextlib.suppress(ProcessLookupError):
            os.kill(p, signal.SIGKILL)


def _wait_gone(pid: int, timeout: float = 10) -> None:
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)  # a daemon whose parent we are: reap it
        if _is_zombie(pid):
            return
        time.sleep(0.05)


def _is_zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return True


@pytest.fixture(scope="session")
def slurm_cluster() -> Iterator[Cluster]:
    """A two-node Slurm cluster with two fake h100s a node, for the whole session;
    ``SLURM_CONF`` points at it. Fails in CI, skips loudly elsewhere, without Slurm."""
    from tests.support.fixtures import _unavailable

    why = missing()
    if why is not None:
        _unavailable(why)
    # munged wants every folder above its socket open to all (pytest's are 0700)
    root = Path(tempfile.mkdtemp(prefix="envspec-slurm-"))
    os.chmod(root, 0o755)
    try:
        with cluster(root) as c, pytest.MonkeyPatch.context() as mp:
            mp.setenv("SLURM_CONF", str(c.conf))
            yield c
    finally:
        shutil.rmtree(root, ignore_errors=True)
