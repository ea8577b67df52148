"""Placement: where a run may go and what it holds there, in one component.

The docker and local backends run on this host, so :class:`HostPlacement` checks the host's
CPUs, memory and GPUs before anything starts and leases the run's GPUs (exclusive, released at
finish, reclaimed by ``gc`` from runs that died). A backend whose own scheduler places runs
(Slurm's queue and GRES) replaces it with :class:`SchedulerPlacement`: the scheduler refuses
what it can never place and hands out the GPUs itself, so nothing is leased here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING

from envspec.errors import BadInput, GpuRequestImpossible
from envspec.models.manifest import Manifest, Variant
from envspec.models.run import GpuAssignment, Limits
from envspec.runtime import runstore
from envspec.runtime.gpu import GpuAllocator, GpuRequest, SubstitutionPolicy, detect_inventory
from envspec.runtime.host import check_cpu_memory

if TYPE_CHECKING:
    from envspec.runtime.backends.base import Backend


@dataclass(frozen=True)
class Seat:
    """What placement gave a run: the device ids its backend passes on, and the GPUs by model
    for the run's record (both empty for a run without GPUs, or one a scheduler places)."""

    device_ids: tuple[str, ...] = ()
    gpus: tuple[GpuAssignment, ...] = ()


class Placement(ABC):
    """Checks that a variant can ever be placed, takes and gives back what a run holds."""

    @abstractmethod
    def check(self, manifest: Manifest, variant: str, limits: Limits) -> None:
        """Refuse, before anything starts, a run that can never be placed, naming every
        shortfall.

        Raises:
            HostCannotRun, GpuRequestImpossible.
        """

    @abstractmethod
    def take(self, run_id: str, manifest: Manifest, variant: str) -> Seat:
        """What the run holds until :meth:`release` (its GPUs, exclusively).

        Raises:
            GpuBusy: every GPU that could serve is held by other runs.
        """

    @abstractmethod
    def release(self, run_id: str) -> None:
        """Give back what the run holds (idempotent)."""

    def reclaim(self, live: set[str]) -> None:
        """Give back what runs not in ``live`` still hold (their process died)."""
        return None


def _gpu_request(v: Variant) -> GpuRequest | None:
    g = v.hardware.gpu
    if g is None:
        return None
    return GpuRequest(count=g.count, models=tuple(g.models), memory_gb=g.memory_gb)


class HostPlacement(Placement):
    """This host's CPUs, memory and GPU leases (inventory from NVML/nvidia-smi or
    ``ENVSPEC_GPUS``); ``substitute`` lets other GPU models serve (``--allow-substitute``)."""

    def __init__(self, substitute: dict[str, tuple[str, ...]] | None = None) -> None:
        self.policy = SubstitutionPolicy(allow=dict(substitute or {}))
        self._gpus: GpuAllocator | None = None

    @property
    def gpus(self) -> GpuAllocator:
        """The host's GPU allocator (the inventory is read once, when first needed)."""
        if self._gpus is None:
            self._gpus = GpuAllocator(detect_inventory())
        return self._gpus

    def check(self, manifest: Manifest, variant: str, limits: Limits) -> None:
        """Every shortfall of this host (CPUs, memory, GPUs) in one message."""
        self.check_variant(manifest.variant(variant))

    def check_variant(self, v: Variant) -> None:
        """:meth:`check` for a variant alone (authoring's trials ask it too).

        Raises:
            HostCannotRun, GpuRequestImpossible: naming every shortfall.
        """
        no_gpus: GpuRequestImpossible | None = None
        request = _gpu_request(v)
        if request is not None:
            try:
                self.gpus.check_possible(request, policy=self.policy)
            except GpuRequestImpossible as e:
                no_gpus = e
        also = f"GPUs: {no_gpus.message}" if no_gpus else None
        check_cpu_memory(v.hardware, variant=v.name, also=also)
        if no_gpus is not None:
            raise no_gpus

    def take(self, run_id: str, manifest: Manifest, variant: str) -> Seat:
        """Lease the variant's GPUs to the run."""
        request = _gpu_request(manifest.variant(variant))
        if request is None:
            return Seat()
        alloc = self.gpus.allocate(run_id, request, policy=self.policy)
        return Seat(
            tuple(alloc.device_ids),
            tuple(GpuAssignment(g.index, g.uuid, g.model, g.name, g.memory_gb) for g in alloc.gpus),
        )

    def release(self, run_id: str) -> None:
        """The run's GPU leases, given back."""
        self.gpus.release(run_id)

    def reclaim(self, live: set[str]) -> None:
        """Leases of runs that are no longer live, given back. A run missing from ``live``
        (listed before it started) is asked again: its record exists before its lease."""
        self.gpus.reclaim(lambda lease: lease.run_id in live or runstore.still_live(lease.run_id))


class SchedulerPlacement(Placement):
    """A backend's own scheduler places its runs (see :attr:`Backend.schedules`): it refuses
    what no node can run at submission, queues the rest and gives each run its GPUs."""

    def __init__(
        self, backend: Backend, substitute: dict[str, tuple[str, ...]] | None = None
    ) -> None:
        if substitute:
            raise BadInput(
                f"--allow-substitute applies to this host's GPUs, not to the {backend.name} "
                "backend's",
                hint="name every model that may serve in the variant's gpu.models",
            )
        self.backend = backend

    def check(self, manifest: Manifest, variant: str, limits: Limits) -> None:
        """The scheduler's own refusal (what no node of it could ever run)."""
        self.backend.check_placement(manifest, variant, limits)

    def take(self, run_id: str, manifest: Manifest, variant: str) -> Seat:
        """Nothing here: the scheduler gives the run its GPUs when it starts it."""
        return Seat()

    def release(self, run_id: str) -> None:
        """Nothing here: ending the run's job gives its node back."""
        return None
