"""Slurm through its command line: ``sbatch``, ``squeue``, ``sinfo``, ``scancel``, ``srun``.

No Python binding: pyslurm does not match Slurm 22.05, and 22.05's ``squeue --json`` ignores
its filters (``-j``, ``--name``: it returns every job of the cluster), so jobs are read with
``--format`` and a separator instead. Every command is bounded by a timeout, and a controller
that does not answer is a :class:`~envspec.errors.SlurmError`, never a hang.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from envspec.errors import SlurmError

#: how long one Slurm command may take (the controller answers in milliseconds when healthy)
COMMAND_TIMEOUT_S = 30.0
#: job states after which a job holds nothing and will never run again (squeue's long names)
ENDED = frozenset(
    {
        "BOOT_FAIL",
        "CANCELLED",
        "COMPLETED",
        "DEADLINE",
        "FAILED",
        "NODE_FAIL",
        "OUT_OF_MEMORY",
        "PREEMPTED",
        "REVOKED",
        "TIMEOUT",
    }
)
#: reasons a pending job never starts from (the request exceeds a partition's or account's
#: limits): a cluster whose EnforcePartLimits is off accepts such a job and keeps it pending
NEVER_STARTS = frozenset(
    {
        "AccountNotAllowed",
        "BadConstraints",
        "InvalidAccount",
        "InvalidQOS",
        "PartitionConfig",
        "PartitionNodeLimit",
        "PartitionTimeLimit",
        "QOSNotAllowed",
    }
)
_SEP = "|"


@dataclass(frozen=True)
class Job:
    """A job as ``squeue`` shows it."""

    id: str
    name: str
    state: str  # RUNNING, PENDING, TIMEOUT, ...
    reason: str  # why it is pending or why it ended, "None" otherwise
    node: str  # the node list ("" while pending)
    comment: str

    @property
    def ended(self) -> bool:
        """Whether the job is over (it holds nothing and never runs again)."""
        return self.state in ENDED


@dataclass(frozen=True)
class Node:
    """A node as ``sinfo`` shows it: its CPUs, memory (MB) and GPUs by GRES type."""

    name: str
    cpus: int
    memory_mb: int
    gpus: dict[str, int] = field(default_factory=dict)  # GRES type ("" when untyped) -> count
    state: str = ""

    def describe(self) -> str:
        """E.g. ``nodeA (4 CPUs, 8000 MB, gpu:h100:2)``."""
        gpus = ", ".join(f"gpu:{t}:{n}" if t else f"gpu:{n}" for t, n in self.gpus.items())
        return f"{self.name} ({self.cpus} CPUs, {self.memory_mb} MB{', ' + gpus if gpus else ''})"


def available() -> str | None:
    """Why Slurm's commands cannot be used here (None: they can)."""
    missing = [c for c in ("sbatch", "squeue", "sinfo", "scancel", "srun") if not shutil.which(c)]
    if missing:
        return f"Slurm's commands are not installed ({', '.join(missing)} missing)"
    return None


def command(
    argv: list[str], *, input: str | None = None, timeout: float = COMMAND_TIMEOUT_S
) -> str:
    """Run a Slurm command; its stdout.

    Raises:
        SlurmError: the command is missing, failed, or did not answer in ``timeout`` seconds
            (``stderr`` carries what it said).
    """
    why = available()
    if why is not None:
        raise SlurmError(why, hint="install Slurm's client (apt-get install slurm-client)")
    try:
        done = subprocess.run(
            argv, input=input, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired as e:
        raise SlurmError(
            f"`{argv[0]}` did not answer in {timeout:g} s",
            hint="check that slurmctld runs and this host can reach it (`scontrol ping`)",
        ) from e
    if done.returncode != 0:
        raise SlurmError(
            f"`{' '.join(argv[:2])}` failed: {done.stderr.strip() or done.stdout.strip()}",
            hint="check that slurmctld runs and this host can reach it (`scontrol ping`)",
            stderr=done.stderr,
        )
    return done.stdout


def submit(script: str, args: list[str]) -> str:
    """``sbatch`` the shell ``script`` (given on stdin) with ``args``; the job id.

    Raises:
        SlurmError: sbatch refused the job (``stderr`` says why) or failed.
    """
    out = command(["sbatch", "--parsable", *args], input=script)
    return out.strip().split(";")[0]  # "ID" or "ID;cluster"


def jobs(*, ids: Iterable[str] = (), name: str | None = None, user: str | None = None) -> list[Job]:
    """Jobs in any state (those the controller still remembers: ``MinJobAge``), filtered by
    id, name or user. An id the controller has forgotten is simply absent.

    Raises:
        SlurmError: the controller did not answer.
    """
    argv = [
        "squeue",
        "--noheader",
        "--states=all",
        f"--format=%i{_SEP}%j{_SEP}%T{_SEP}%r{_SEP}%N{_SEP}%k",
    ]
    wanted = sorted(set(ids))
    if wanted:
        argv.append(f"--jobs={','.join(wanted)}")
    if name is not None:
        argv.append(f"--name={name}")
    if user is not None:
        argv.append(f"--user={user}")
    try:
        out = command(argv)
    except SlurmError as e:
        if "Invalid job id" in e.stderr:  # every id asked for is forgotten
            return []
        raise
    found = []
    for line in out.splitlines():
        parts = line.split(_SEP, 5)  # the comment last: it may hold the separator
        if len(parts) == 6:
            found.append(Job(*[p.strip() for p in parts]))
    return found


def job(job_id: str) -> Job | None:
    """One job, or None when the controller does not know it (any more)."""
    return next((j for j in jobs(ids=[job_id]) if j.id == job_id), None)


def cancel(*, job_id: str | None = None, name: str | None = None) -> None:
    """``scancel`` a job by id or every job of a name (no error when none is left)."""
    argv = ["scancel"]
    if name is not None:
        argv.append(f"--name={name}")
    if job_id is not None:
        argv.append(job_id)
    try:
        command(argv)
    except SlurmError as e:
        if "Invalid job id" not in e.stderr and "already completing" not in e.stderr:
            raise


def end_time(job_id: str) -> float | None:
    """When the job's time limit ends it (epoch seconds), or None when unknown or unlimited."""
    out = command(["squeue", "--noheader", "--states=all", f"--jobs={job_id}", "--format=%e"])
    text = out.strip()
    try:
        return time.mktime(time.strptime(text, "%Y-%m-%dT%H:%M:%S"))  # the client's local time
    except ValueError:
        return None


def nodes(partition: str | None = None) -> list[Node]:
    """The cluster's nodes (of ``partition`` if given), whatever their state: a node down now
    may serve later, so it counts when deciding what the cluster can ever run.

    Raises:
        SlurmError: the controller did not answer.
    """
    argv = ["sinfo", "--noheader", "--Node", f"--format=%N{_SEP}%c{_SEP}%m{_SEP}%G{_SEP}%T"]
    if partition:
        argv.append(f"--partition={partition}")
    seen: dict[str, Node] = {}
    for line in command(argv).splitlines():
        parts = [p.strip() for p in line.split(_SEP)]
        if len(parts) != 5 or parts[0] in seen:  # a node of several partitions: listed for each
            continue
        name, cpus, memory, gres, state = parts
        seen[name] = Node(name, _int(cpus), _int(memory), parse_gpus(gres), state)
    return list(seen.values())


def partition_limit_min(partition: str | None) -> int | None:
    """The time limit of ``partition`` (the default one when None) in minutes; None: unlimited."""
    out = command(["sinfo", "--noheader", "--format=%P" + _SEP + "%l"])
    for line in out.splitlines():
        name, _, limit = line.strip().partition(_SEP)
        default = name.endswith("*")
        if (partition is None and default) or name.rstrip("*") == partition:
            return parse_minutes(limit)
    return None


def parse_gpus(gres: str) -> dict[str, int]:
    """GPUs by type from a GRES string: ``gpu:h100:2(S:0-1),gpu:a100:1`` -> ``{h100: 2,
    a100: 1}``; an untyped ``gpu:4`` is ``{"": 4}``."""
    out: dict[str, int] = {}
    for item in re.sub(r"\([^)]*\)", "", gres).split(","):
        parts = item.strip().split(":")
        if parts[0] != "gpu" or len(parts) < 2:
            continue
        if len(parts) == 2:
            kind, count = ("", parts[1]) if parts[1].isdigit() else (parts[1], "1")
        else:
            kind, count = parts[1], parts[2]
        if count.isdigit():
            out[kind] = out.get(kind, 0) + int(count)
    return out


def parse_minutes(limit: str) -> int | None:
    """A Slurm time (``infinite``, ``MM``, ``MM:SS``, ``HH:MM:SS``, ``D-HH[:MM[:SS]]``) in
    whole minutes, rounded up; None for unlimited or unreadable."""
    days = 0
    text = limit.strip()
    if "-" in text:
        d, _, text = text.partition("-")
        if not d.isdigit():
            return None
        days = int(d)
        fields = [int(f) for f in text.split(":") if f.isdigit()]
        fields += [0] * (3 - len(fields))  # D-HH, D-HH:MM, D-HH:MM:SS
        hours, minutes, seconds = fields[:3]
    else:
        fields = [int(f) for f in text.split(":") if f.isdigit()]
        if not fields or len(fields) != len(text.split(":")):
            return None
        if len(fields) == 1:
            hours, minutes, seconds = 0, fields[0], 0
        elif len(fields) == 2:
            hours, minutes, seconds = 0, fields[0], fields[1]
        else:
            hours, minutes, seconds = fields[-3], fields[-2], fields[-1]
    total = ((days * 24 + hours) * 60 + minutes) * 60 + seconds
    return -(-total // 60)


def srun_argv(job_id: str, argv: list[str]) -> list[str]:
    """A command run as a step of the running job ``job_id``, on its node, sharing the job's
    CPUs, memory and GPUs with its other steps (``--overlap``)."""
    return ["srun", f"--jobid={job_id}", "--overlap", "--nodes=1", "--ntasks=1", "--quiet", *argv]


def _int(text: str) -> int:
    digits = re.match(r"\d+", text)
    return int(digits.group()) if digits else 0
