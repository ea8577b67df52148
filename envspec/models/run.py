"""A run: one attempt at one environment variant, as recorded on the host. Pure data."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

#: run states: starting (owner process alive), running, expired (deadline passed, not
#: finished), finished, failed (its starting process died or it could not start)
STATES = ("starting", "running", "expired", "finished", "failed")
#: isolation levels a result can report
ISOLATION = ("container", "user", "unisolated")


@dataclass(frozen=True)
class GpuAssignment:
    """A GPU a run holds: what it is and whether it substitutes for the requested model."""

    index: int
    uuid: str
    model: str
    name: str
    memory_gb: float


@dataclass(frozen=True)
class Limits:
    """The budgets a run is held to (None = unlimited)."""

    wall_time_s: float
    scorer_calls: int | None = None
    gpu_hours: float | None = None
    overridden: tuple[str, ...] = ()  # which limits differ from the manifest's
    llm_tokens: int | None = None  # the agent's tokens through each of the run's model services
    units: dict[str, float] = field(default_factory=dict)  # custom services' budgets, by unit
    requests: dict[str, int] = field(default_factory=dict)  # service name -> most requests

    def time_s(self, gpus: int) -> float:
        """How long a run holding ``gpus`` GPUs may last: its wall-clock budget, or less where
        those GPUs spend the GPU-hours budget sooner (GPU-hours are GPUs held x time held)."""
        if self.gpu_hours is None or gpus <= 0:
            return self.wall_time_s
        return min(self.wall_time_s, self.gpu_hours * 3600.0 / gpus)

    def service_budget(self, unit: str, *, custom: bool) -> float | None:
        """The agent's allowance at a service metered in ``unit`` (None: unlimited)."""
        return self.units.get(unit) if custom else self.llm_tokens


@dataclass(frozen=True)
class RunRecord:
    """Everything the runtime knows about a run; serialised as ``run.json`` in its folder."""

    id: str
    reference: str  # the environment reference pinned by digest
    environment: str  # name:version
    digests: dict[str, str]  # environment, agent, scorer
    variant: str
    backend: str
    isolation: str
    status: str
    created_at: float  # epoch seconds
    limits: Limits
    manifest: dict[str, Any]
    owner_pid: int | None = None
    started_at: float | None = None
    deadline: float | None = None
    gpus: tuple[GpuAssignment, ...] = ()
    requested_gpu_models: tuple[str, ...] = ()
    scorer_calls: int = 0
    finished_at: float | None = None
    released_at: float | None = None  # when GPUs were given back (ends GPU-hours)
    note: str | None = None
    backend_state: dict[str, Any] = field(default_factory=dict)

    @property
    def comparable(self) -> bool:
        """Whether the run kept the manifest's budgets (so its score compares with others)."""
        return not self.limits.overridden

    def with_(self, **changes: Any) -> RunRecord:
        """A copy with fields changed."""
        return replace(self, **changes)

    def elapsed(self, now: float) -> float:
        """Seconds from the start to ``now``, or to the release of a run that ended (0 before
        it started)."""
        if self.started_at is None:
            return 0.0
        end = min(now, self.released_at or self.finished_at or now)
        return max(0.0, end - self.started_at)

    def gpu_hours_used(self, now: float) -> float:
        """GPU-hours so far: GPUs held x time held."""
        if not self.gpus or self.started_at is None:
            return 0.0
        end = self.released_at or self.finished_at or now
        return len(self.gpus) * max(0.0, end - self.started_at) / 3600.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        d = asdict(self)
        d["limits"]["overridden"] = list(self.limits.overridden)
        d["requested_gpu_models"] = list(self.requested_gpu_models)
        d["gpus"] = [asdict(g) for g in self.gpus]
        return d

    @staticmethod
    def from_dict(d: dict[str, Any]) -> RunRecord:
        """Inverse of :meth:`to_dict`."""
        d = dict(d)
        lim = dict(d["limits"])
        lim["overridden"] = tuple(lim.get("overridden", ()))
        d["limits"] = Limits(**lim)
        d["gpus"] = tuple(GpuAssignment(**g) for g in d.get("gpus", ()))
        d["requested_gpu_models"] = tuple(d.get("requested_gpu_models", ()))
        return RunRecord(**d)
