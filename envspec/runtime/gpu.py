"""GPU allocation: exclusive leases of the host's GPUs to runs, safe across processes.

Allocation hands GPUs to runs through one lease file per GPU index (``<index>.json``) in a lease
directory shared by every envspec process on the host. Every decision (read leases, choose,
write leases) happens under one ``FileLock`` on ``<lease dir>/.lock``, so two processes never take
the same GPU. Leases outlive the process that wrote them: the runtime decides when a run is over
and calls :meth:`GpuAllocator.release`, or :meth:`GpuAllocator.reclaim` with its own liveness test.
The inventory (:mod:`envspec.runtime.gpu_inventory`) and requests
(:mod:`envspec.runtime.gpu_request`) are re-exported here.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import random
import socket
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import filelock

from envspec import constants
from envspec.atomic import write_atomic
from envspec.errors import GpuBusy, GpuError, GpuRequestImpossible
from envspec.runtime.gpu_inventory import (
    NVIDIA_SMI_QUERY,
    Gpu,
    check_unique,
    detect_inventory,
    gpu_from_nvml,
    load_configured_inventory,
    normalise_model,
    parse_configured_inventory,
    parse_nvidia_smi,
    summarise,
)
from envspec.runtime.gpu_request import (
    GpuRequest,
    Pool,
    SubstitutionPolicy,
    candidate_pools,
    impossible_error,
)

__all__ = [
    "NVIDIA_SMI_QUERY",
    "Allocation",
    "Gpu",
    "GpuAllocator",
    "GpuBusy",
    "GpuRequest",
    "GpuRequestImpossible",
    "Lease",
    "SubstitutionPolicy",
    "detect_inventory",
    "gpu_from_nvml",
    "load_configured_inventory",
    "normalise_model",
    "parse_configured_inventory",
    "parse_nvidia_smi",
    "pid_alive",
    "summarise",
]

log = logging.getLogger(__name__)


# --- allocations and leases --------------------------------------------------------------------
@dataclass(frozen=True)
class Allocation:
    """GPUs a run holds; ``substituted`` is true when any is not of a requested model."""

    run_id: str
    gpus: tuple[Gpu, ...]
    substituted: bool

    @property
    def device_ids(self) -> list[str]:
        """GPU indices as strings, for Docker device requests."""
        return [str(gpu.index) for gpu in self.gpus]

    @property
    def cuda_visible_devices(self) -> str:
        """The value of ``CUDA_VISIBLE_DEVICES``, e.g. ``"0,1"``."""
        return ",".join(self.device_ids)

    @property
    def models(self) -> tuple[str, ...]:
        """The models that really run, one per GPU (for the result record)."""
        return tuple(gpu.model for gpu in self.gpus)


@dataclass(frozen=True)
class Lease:
    """One GPU held by one run; ``problem`` is set when the lease file is corrupt.

    A corrupt lease still holds its GPU (by an unknown holder) until it is reclaimed.
    """

    index: int
    run_id: str
    pid: int = 0
    host: str = ""
    created: str = ""
    problem: str | None = None

    @property
    def corrupt(self) -> bool:
        """Whether the lease file could not be read."""
        return self.problem is not None

    @property
    def holder(self) -> str:
        """The holding run id, or ``<unknown: corrupt lease N.json>``."""
        return self.run_id if not self.corrupt else f"<unknown: corrupt lease {self.index}.json>"

    @property
    def on_this_host(self) -> bool:
        """Whether the process that took the lease ran on this host (so ``pid`` means something)."""
        return self.host == socket.gethostname()


def pid_alive(pid: int) -> bool:
    """Whether process ``pid`` exists on this host (a process of another user counts as alive)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# --- allocation --------------------------------------------------------------------------------


class GpuAllocator:
    """Exclusive GPU leases for runs, shared by every process using the same ``lease_dir``."""

    def __init__(self, inventory: list[Gpu], lease_dir: Path | None = None) -> None:
        check_unique(inventory, "inventory")
        self.inventory = sorted(inventory, key=lambda g: g.index)
        self.lease_dir = lease_dir if lease_dir is not None else constants.default_gpu_lease_dir()
        self._lock = filelock.FileLock(str(self.lease_dir / ".lock"))

    # --- reading -------------------------------------------------------------------------------
    def leases(self) -> dict[int, Lease]:
        """Every lease on disk, by GPU index (corrupt ones included, with ``problem`` set)."""
        leases: dict[int, Lease] = {}
        try:
            paths = list(self.lease_dir.iterdir())
        except FileNotFoundError:
            return leases
        for path in paths:
            stem, dot, ext = path.name.partition(".")
            if ext != "json" or not dot or not stem.isdigit():
                continue  # the lock, temporary files of a writer
            lease = self._read_lease(int(stem), path)
            if lease is not None:
                leases[lease.index] = lease
        return dict(sorted(leases.items()))

    def held_by(self, run_id: str) -> list[Gpu]:
        """The GPUs of the inventory that ``run_id`` holds."""
        leases = self.leases()
        return [g for g in self.inventory if g.index in leases and leases[g.index].run_id == run_id]

    @staticmethod
    def _read_lease(index: int, path: Path) -> Lease | None:
        try:
            text = path.read_bytes()
        except FileNotFoundError:
            return None  # released while we looked
        except OSError as e:
            return Lease(index, "", problem=f"unreadable: {e.strerror or e}")
        try:
            data = json.loads(text)
        except ValueError as e:  # bad JSON or not UTF-8
            problem: str | None = f"not JSON: {e}"
        else:
            problem = _lease_problem(data)
        if problem is not None:
            log.warning("GPU %d: corrupt lease %s (%s); reclaim it", index, path, problem)
            return Lease(index, "", problem=problem)
        return Lease(index, data["run_id"], data["pid"], data["host"], data["created"])

    # --- deciding ------------------------------------------------------------------------------
    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        self.lease_dir.mkdir(parents=True, exist_ok=True)
        try:
            # Decisions take a millisecond or two; poll often so a releasing run is not kept
            # waiting behind a herd of allocating ones (filelock's default is 50 ms).
            with self._lock.acquire(timeout=constants.GPU_LOCK_TIMEOUT_S, poll_interval=0.005):
                yield
        except filelock.Timeout as e:
            raise GpuError(
                f"the GPU lease lock {self._lock.lock_file} was held for over "
                f"{constants.GPU_LOCK_TIMEOUT_S:g} s by another process",
                hint="find the envspec process stuck holding it (`fuser` on the lock file)",
            ) from e

    def check_possible(
        self, request: GpuRequest, *, policy: SubstitutionPolicy | None = None
    ) -> None:
        """Check the inventory could ever serve ``request`` (ignoring who holds what now).

        Raises:
            GpuRequestImpossible: this host's GPUs can never satisfy the request.
        """
        if request.count:
            self._pools(request, policy or SubstitutionPolicy())

    def _pools(self, request: GpuRequest, policy: SubstitutionPolicy) -> list[Pool]:
        pools = candidate_pools(self.inventory, request, policy)
        if not pools:
            raise impossible_error(self.inventory, request, policy)
        return pools

    def allocate(
        self,
        run_id: str,
        request: GpuRequest,
        *,
        policy: SubstitutionPolicy | None = None,
        wait_s: float = 0.0,
        poll_s: float = 0.2,
    ) -> Allocation:
        """Lease ``request.count`` GPUs to ``run_id``, waiting up to ``wait_s`` for busy ones.

        Prefers GPUs of the requested models (in the request's order) over substitutes, and the
        lowest indices among equals.

        Raises:
            GpuRequestImpossible: this host's GPUs can never satisfy the request.
            GpuBusy: enough GPUs exist, but other runs still held them after ``wait_s``.
            GpuError: ``run_id`` already holds GPUs, or the lease lock or files failed.
        """
        if not run_id:
            raise ValueError("run_id must not be empty")
        policy = policy or SubstitutionPolicy()
        if request.count == 0:
            return Allocation(run_id, (), substituted=False)
        pools = self._pools(request, policy)
        started = time.monotonic()
        while True:
            with self._locked():
                leases = self.leases()
                mine = sorted(i for i, lease in leases.items() if lease.run_id == run_id)
                if mine:
                    raise GpuError(
                        f"run {run_id} already holds GPU(s) {', '.join(map(str, mine))}",
                        hint="release them before allocating again",
                    )
                chosen = _choose(pools, leases, request.count)
                if chosen is not None:
                    self._write_leases(run_id, chosen)
                    substituted = any(g.model not in request.wanted for g in chosen)
                    log.info("run %s: leased %s", run_id, ", ".join(g.describe() for g in chosen))
                    return Allocation(run_id, chosen, substituted)
                holders = {
                    g.index: leases[g.index].holder
                    for pool in pools
                    for g in pool
                    if g.index in leases
                }
            waited = time.monotonic() - started
            if waited >= wait_s:
                raise _busy(request, pools, holders, waited)
            # Jitter keeps many waiting processes from polling in lockstep.
            time.sleep(max(0.0, min(poll_s * random.uniform(0.5, 1.5), wait_s - waited)))

    def _write_leases(self, run_id: str, gpus: tuple[Gpu, ...]) -> None:
        record = {
            "run_id": run_id,
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        written: list[Path] = []
        try:
            for gpu in gpus:
                path = self.lease_dir / f"{gpu.index}.json"
                _write_atomic(path, {**record, "index": gpu.index, "uuid": gpu.uuid})
                written.append(path)
        except OSError as e:
            for path in written:
                path.unlink(missing_ok=True)
            raise GpuError(
                f"cannot write GPU lease in {self.lease_dir}: {e.strerror or e}",
                hint="check the lease directory is writable and its disk not full",
            ) from e

    def release(self, run_id: str) -> list[int]:
        """Free every GPU ``run_id`` holds; returns their indices (none if already free)."""
        with self._locked():
            freed = [i for i, lease in self.leases().items() if lease.run_id == run_id]
            for index in freed:
                (self.lease_dir / f"{index}.json").unlink(missing_ok=True)
        if freed:
            log.info("run %s: released GPU(s) %s", run_id, ", ".join(map(str, freed)))
        return freed

    def reclaim(self, keep: Callable[[Lease], bool]) -> list[str]:
        """Remove every lease for which ``keep(lease)`` is false; returns the holders removed.

        The caller decides liveness (the run finished, its process died: see :func:`pid_alive`).
        Corrupt leases reach ``keep`` with ``problem`` set; they are returned as their
        :attr:`Lease.holder`.
        """
        reclaimed: dict[str, None] = {}
        with self._locked():
            for index, lease in self.leases().items():
                if not keep(lease):
                    (self.lease_dir / f"{index}.json").unlink(missing_ok=True)
                    reclaimed[lease.holder] = None
                    log.warning("GPU %d: reclaimed lease of %s", index, lease.holder)
        return list(reclaimed)


def _lease_problem(data: Any) -> str | None:
    if not isinstance(data, dict):
        return "not an object"
    for key, kind in (("run_id", str), ("pid", int), ("host", str), ("created", str)):
        if not isinstance(data.get(key), kind):
            return f"{key}: missing or not a {kind.__name__}"
    if not data["run_id"]:
        return "run_id: empty"
    return None


def _choose(pools: list[Pool], leases: Mapping[int, Lease], count: int) -> tuple[Gpu, ...] | None:
    for pool in pools:
        free = [g for g in pool if g.index not in leases]
        if len(free) >= count:
            return tuple(free[:count])
    return None


def _busy(
    request: GpuRequest, pools: list[Pool], holders: dict[int, str], waited: float
) -> GpuBusy:
    candidates = {g.index for pool in pools for g in pool}
    free = len(candidates) - len(holders)
    held = ", ".join(f"GPU {i} by {holder}" for i, holder in sorted(holders.items()))
    runs = sorted(set(holders.values()))
    message = (
        f"needs {request.describe()}; {free} of {len(candidates)} qualifying GPU(s) free"
        f" after waiting {waited:.1f} s; held: {held}"
    )
    hint = f"wait for {', '.join(runs)} to finish, or retry with a longer wait"
    if any(h.startswith("<unknown") for h in runs):
        hint += "; a corrupt lease holds its GPU until it is reclaimed"
    return GpuBusy(message, hint=hint, holders=holders, waited_s=waited)


def _write_atomic(path: Path, data: Mapping[str, Any]) -> None:
    write_atomic(path, json.dumps(data, indent=2) + "\n", durable=True)
