"""GPU requests: what a run asks for, which models may substitute, and which GPUs can serve it.

Pure logic over an inventory (no lease files); :mod:`envspec.runtime.gpu` allocates.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from envspec import constants
from envspec.errors import GpuError, GpuRequestImpossible
from envspec.runtime.gpu_inventory import Gpu, format_gb, normalise_model, summarise

if TYPE_CHECKING:
    from envspec.models import manifest

__all__ = [
    "GpuRequest",
    "Pool",
    "SubstitutionPolicy",
    "candidate_pools",
    "impossible_error",
]

Pool = tuple[Gpu, ...]  # GPUs that may together serve a request, best first


@dataclass(frozen=True)
class GpuRequest:
    """What a run asks for: ``count`` GPUs of one of ``models``, each with ``memory_gb`` or more."""

    count: int
    models: tuple[str, ...]
    memory_gb: float | None = None

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError(f"GPU count must be >= 0, got {self.count}")

    @classmethod
    def from_spec(cls, spec: manifest.Gpu) -> GpuRequest:
        """The request a manifest variant's ``hardware.gpu`` makes."""
        return cls(spec.count, tuple(spec.models), spec.memory_gb)

    @property
    def wanted(self) -> tuple[str, ...]:
        """The requested models, normalised, in the manifest's order of preference."""
        return tuple(dict.fromkeys(normalise_model(m) for m in self.models))

    def describe(self) -> str:
        """E.g. ``"2x h100 with ≥80 GB"`` or ``"1x h100|h200"``."""
        text = f"{self.count}x {'|'.join(self.wanted)}"
        return (
            f"{text} with ≥{format_gb(self.memory_gb)} GB" if self.memory_gb is not None else text
        )

    def memory_ok(self, gpu: Gpu) -> bool:
        """Whether ``gpu`` has the memory asked for (allowing for what drivers reserve)."""
        if self.memory_gb is None:
            return True
        return gpu.memory_gb >= self.memory_gb * (1 - constants.GPU_MEMORY_SLACK)


@dataclass(frozen=True)
class SubstitutionPolicy:
    """Which other models may serve a request, e.g. ``allow={"h100": ("h200",)}``.

    One run normally gets GPUs of one model; ``mixed=True`` lets it mix models.
    """

    allow: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    mixed: bool = False

    @classmethod
    def parse(cls, specs: Iterable[str], *, mixed: bool = False) -> SubstitutionPolicy:
        """From ``--allow-substitute`` values like ``"h100=h200"`` or ``"h100=h200,gh200"``.

        Raises:
            GpuError: a value is not ``MODEL=MODEL[,MODEL...]``.
        """
        allow: dict[str, tuple[str, ...]] = {}
        for spec in specs:
            wanted, sep, subs = spec.partition("=")
            substitutes = tuple(normalise_model(s) for s in subs.split(",") if s.strip())
            if not sep or not wanted.strip() or not substitutes:
                raise GpuError(
                    f"invalid substitution {spec!r}",
                    hint="write REQUESTED=SUBSTITUTE[,SUBSTITUTE...], e.g. h100=h200",
                )
            key = normalise_model(wanted)
            allow[key] = tuple(dict.fromkeys((*allow.get(key, ()), *substitutes)))
        return cls(allow, mixed)

    def substitutes_for(self, model: str) -> tuple[str, ...]:
        """Models allowed to serve a request for ``model``."""
        return tuple(normalise_model(m) for m in self.allow.get(normalise_model(model), ()))


def candidate_pools(
    inventory: list[Gpu], request: GpuRequest, policy: SubstitutionPolicy
) -> list[Pool]:
    """Every pool able to serve the request when idle, in order of preference.

    Without ``policy.mixed`` a pool is one model: the requested ones in the manifest's order,
    then their allowed substitutes. GPUs within a pool are ordered by index.
    """
    wanted = request.wanted
    subs = [s for w in wanted for s in policy.substitutes_for(w) if s not in wanted]
    order = list(dict.fromkeys([*wanted, *subs]))
    ordered = sorted(inventory, key=lambda g: g.index)
    by_model = [
        tuple(g for g in ordered if g.model == model and request.memory_ok(g)) for model in order
    ]
    pools = [tuple(g for group in by_model for g in group)] if policy.mixed else by_model
    return [pool for pool in pools if len(pool) >= request.count]


def impossible_error(
    inventory: list[Gpu], request: GpuRequest, policy: SubstitutionPolicy
) -> GpuRequestImpossible:
    """The error saying why no pool of ``inventory`` can ever serve ``request``, with hints."""
    wanted = request.wanted
    allowed = {*wanted, *(s for w in wanted for s in policy.substitutes_for(w))}
    qualifying = [g for g in inventory if g.model in allowed and request.memory_ok(g)]
    too_small = [g for g in inventory if g.model in allowed and not request.memory_ok(g)]
    available = summarise(sorted(inventory, key=lambda g: g.index))
    message = f"needs {request.describe()}; this host has {available}"
    if len(qualifying) >= request.count:  # enough, but of several models
        message += f"; no one model has {request.count} (a run's GPUs are of one model)"
    elif qualifying:
        message += f", of which only {len(qualifying)} qualify"
    if too_small:
        message += f" ({len(too_small)}x {too_small[0].model} with too little memory)"
    # Models that would serve, were they allowed: enough of one model, each with enough memory.
    others: dict[str, int] = {}
    for gpu in inventory:
        if gpu.model not in allowed and request.memory_ok(gpu):
            others[gpu.model] = others.get(gpu.model, 0) + 1
    substitutes = tuple(m for m, n in others.items() if n >= request.count) if wanted else ()
    options = [f"`--allow-substitute {wanted[0]}={m}`" for m in substitutes]
    hint = ""
    if options:
        hint = f"let another model serve it with {' or '.join(options)}, or "
    hint += f"run it on a host with {request.describe()}"
    return GpuRequestImpossible(
        message, hint=hint, needed=request.describe(), available=available, substitutes=substitutes
    )
