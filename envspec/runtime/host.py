"""What this host can give a run: CPUs, memory, GPUs; checked before anything starts."""

from __future__ import annotations

import os
from pathlib import Path

from envspec import errors
from envspec.errors import EnvspecError
from envspec.models.manifest import Hardware


class HostCannotRun(EnvspecError):
    """The host lacks hardware the variant needs."""

    exit_code = errors.EXIT_HOST_CANNOT


def memory_gb(meminfo: Path = Path("/proc/meminfo")) -> float | None:
    """Total memory in GB, or None where it cannot be read."""
    try:
        for line in meminfo.read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / 1024 / 1024
    except OSError:
        return None
    return None


def check_cpu_memory(hw: Hardware, *, variant: str, also: str | None = None) -> None:
    """Raise when the host has fewer CPUs or less memory than the variant asks for; ``also``
    is another shortfall found (the GPUs), named in the same message.

    Raises:
        HostCannotRun: naming everything that is missing.
    """
    missing = missing_cpu_memory(hw)
    if also and missing:
        missing.append(also)
    if missing:
        raise HostCannotRun(
            f"variant {variant!r} needs {' and '.join(missing)}",
            hint="run a smaller variant (--variant) or use a bigger host",
        )


def missing_cpu_memory(hw: Hardware) -> list[str]:
    """What of the variant's CPUs and memory this host lacks, in words."""
    missing = []
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    if cpus is not None and hw.cpus > cpus:
        missing.append(f"{hw.cpus:g} CPUs (host has {cpus})")
    mem = memory_gb()
    if mem is not None and hw.memory_gb > mem:
        missing.append(f"{hw.memory_gb:g} GB memory (host has {mem:.1f})")
    return missing
