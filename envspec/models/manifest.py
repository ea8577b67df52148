"""The environment manifest (``envspec.yaml``) as plain, frozen data.

Pure: no file, YAML or schema handling here; :mod:`envspec.schema` loads and validates, then
calls :meth:`Manifest.from_dict`.
"""

from __future__ import annotations

import copy
import difflib
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from envspec.constants import DEFAULT_BASE_IMAGE
from envspec.errors import BadInput, EnvspecError
from envspec.models import aggregate

FORMAT_VERSION = 1

_DURATION = re.compile(r"([0-9]+(?:\.[0-9]+)?)(s|m|h)")
_UNIT_SECONDS = {"s": 1.0, "m": 60.0, "h": 3600.0}

#: defaults the loader applies (dotted path under each section -> value)
IMAGES_DEFAULTS: dict[str, str] = {
    "context": ".",
    "dockerfile": "Dockerfile",
    "agent_target": "agent",
    "scorer_target": "scorer",
    "base": DEFAULT_BASE_IMAGE,
}
TASK_DEFAULTS: dict[str, str] = {"user": "agent"}
VARIANT_DEFAULTS: dict[str, str] = {"network": "none"}
SCORING_DEFAULTS: dict[str, bool] = {"intermediate": True}


def parse_duration(text: str) -> float:
    """Seconds in a duration such as ``"8h"``, ``"10m"``, ``"90s"`` or ``"1.5h"``.

    Raises:
        EnvspecError: ``text`` is not a number followed by ``s``, ``m`` or ``h``.
    """
    match = _DURATION.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise BadInput(f"invalid duration {text!r}", hint="use a number and s, m or h: 8h, 10m")
    return float(match.group(1)) * _UNIT_SECONDS[match.group(2)]


def did_you_mean(word: str, choices: list[str] | tuple[str, ...]) -> str | None:
    """``"did you mean 'x'?"`` for the closest choice, or None."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else None


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


@dataclass(frozen=True)
class Images:
    """How the agent and scorer images are built (paths relative to the environment folder)."""

    context: str = "."
    dockerfile: str = "Dockerfile"
    agent_target: str = "agent"
    scorer_target: str = "scorer"
    base: str = DEFAULT_BASE_IMAGE
    build_args: Mapping[str, str] = field(default_factory=dict)

    @property
    def dockerfile_relpath(self) -> str:
        """The Dockerfile's path relative to the environment folder (it is relative to context)."""
        return posixpath.normpath(posixpath.join(self.context, self.dockerfile))


@dataclass(frozen=True)
class Task:
    """What the agent gets and where it works."""

    instructions: str
    workdir: str
    user: str = "agent"
    solution: str | None = None

    @property
    def solution_path(self) -> str:
        """Absolute in-container path of the submitted solution (the workdir if none is named)."""
        if self.solution is None:
            return self.workdir
        return posixpath.normpath(posixpath.join(self.workdir, self.solution))


@dataclass(frozen=True)
class Gpu:
    """GPUs a variant needs: ``count`` of any one of ``models``."""

    count: int
    models: tuple[str, ...]
    memory_gb: float | None = None

    def summary(self) -> str:
        """E.g. ``"1x h100|h200"``."""
        return f"{self.count}x {'|'.join(self.models)}"


@dataclass(frozen=True)
class Hardware:
    """Hardware a variant needs."""

    cpus: float
    memory_gb: float
    storage_gb: float | None = None
    gpu: Gpu | None = None

    def summary(self) -> str:
        """E.g. ``"2 cpu, 4 GB, 1x h100|h200"`` or ``"2 cpu, 4 GB, no GPU"``."""
        gpu = self.gpu.summary() if self.gpu else "no GPU"
        return f"{_number(self.cpus)} cpu, {_number(self.memory_gb)} GB, {gpu}"


@dataclass(frozen=True)
class Budgets:
    """Limits of one run; None means unlimited (gpu_hours: derived from wall time)."""

    wall_time: str
    gpu_hours: float | None = None
    scorer_calls: int | None = None
    llm_tokens: int | None = None
    units: Mapping[str, float] = field(default_factory=dict)  # custom services' budgets
    requests: Mapping[str, int] = field(default_factory=dict)  # service name -> most requests

    @property
    def wall_time_seconds(self) -> float:
        """The wall-time budget in seconds."""
        return parse_duration(self.wall_time)


@dataclass(frozen=True)
class Provenance:
    """Where a variant's normalisation scores come from."""

    hardware: str
    date: str
    envspec_version: str
    repeats: int
    spread_starting: float
    spread_reference: float
    notes: str | None = None
    #: fresh preparations (trainings) of each prepared solution, each scored ``repeats`` times
    trainings: int = 1
    #: name → (median raw score, normalised) of further solutions scored alongside
    extra: Mapping[str, tuple[float, float]] = field(default_factory=dict)


@dataclass(frozen=True)
class ExtraSolution:
    """A further solution calibration scores alongside the two that define 0 and 1."""

    name: str
    files: str  # folder relative to the environment; its <variant>/ subfolder if there is one
    description: str
    variants: tuple[str, ...] = ()  # empty: every variant

    def applies_to(self, variant: str) -> bool:
        """Whether it is scored in ``variant``."""
        return not self.variants or variant in self.variants


@dataclass(frozen=True)
class Normalisation:
    """Raw scores of the starting (→ 0) and reference (→ 1) solutions."""

    starting: float
    reference: float
    provenance: Provenance

    def normalise(self, raw: float, *, floor: bool = True) -> float:
        """``(raw - starting) / (reference - starting)``, floored at 0 unless ``floor=False``.

        Raises:
            EnvspecError: ``raw`` is not finite, or starting equals reference.
        """
        try:
            return aggregate.normalise(raw, self.starting, self.reference, floor=floor)
        except ValueError as e:
            raise EnvspecError(
                f"cannot normalise {raw!r}: {e}",
                hint="recalibrate the variant: the reference must beat the starting solution",
            ) from e


@dataclass(frozen=True)
class Variant:
    """One named variant: hardware, budgets, parameters and normalisation."""

    name: str
    hardware: Hardware
    budgets: Budgets
    network: str = "none"
    description: str | None = None
    base: str | None = None
    parameters: Mapping[str, Any] = field(default_factory=dict)
    normalisation: Normalisation | None = None
    #: assets only this variant's runs get, fetched when a run starts (not baked into images)
    assets: tuple[Asset, ...] = ()

    @property
    def calibrated(self) -> bool:
        """Whether raw scores can be normalised."""
        return self.normalisation is not None

    def base_image(self, manifest: Manifest) -> str:
        """The base image this variant builds on: its own, else the manifest's."""
        return self.base or manifest.images.base


@dataclass(frozen=True)
class Scoring:
    """How solutions are scored."""

    entrypoint: tuple[str, ...]
    metric: str
    direction: str  # minimise | maximise
    aggregation: str  # best | last
    visibility: str  # visible | hidden
    timeout: str
    intermediate: bool = True

    @property
    def timeout_seconds(self) -> float:
        """The per-call scorer timeout in seconds."""
        return parse_duration(self.timeout)

    @property
    def hidden(self) -> bool:
        """Whether the agent is kept from seeing raw scores."""
        return self.visibility == "hidden"

    def better(self, a: float, b: float) -> bool:
        """Whether raw score ``a`` is strictly better than ``b``."""
        return a < b if self.direction == "minimise" else a > b


@dataclass(frozen=True)
class Service:
    """A service the environment needs at run time."""

    name: str
    kind: str  # openai-compatible | custom
    model: str | None = None  # openai-compatible: the asset of the weights (visibility service)
    description: str | None = None
    engine: str = "llamacpp"
    file: str = "model.gguf"
    context: int = 4096
    threads: int = 2
    #: custom: the program (in the scorer image), its routes, its unit, its pricing route
    command: tuple[str, ...] = ()
    routes: tuple[str, ...] = ()
    unit: str = "tokens"
    quote: str | None = None
    ready: str = "/health"
    gpus: int = 0
    #: its GPUs stay the agent's too (services.split_gpus)
    share_gpus: bool = False

    @property
    def custom(self) -> bool:
        """Whether the environment's own program serves it (not a model engine)."""
        return self.kind == "custom"

    @property
    def env_name(self) -> str:
        """The name's form in environment variables (``ENVSPEC_SERVICE_<NAME>_URL``)."""
        return re.sub(r"[^A-Za-z0-9]", "_", self.name).upper()


@dataclass(frozen=True)
class Asset:
    """A dataset or model pinned by digest, mounted read-only."""

    name: str
    ref: str
    mount: str
    visibility: str  # agent | scorer | service

    @property
    def digest(self) -> str:
        """The ``sha256:...`` digest the reference is pinned to."""
        return self.ref.rpartition("@")[2]

    @property
    def hidden(self) -> bool:
        """Whether only the scorer's container sees it."""
        return self.visibility == "scorer"


@dataclass(frozen=True)
class Manifest:
    """A whole environment manifest. Build it with :meth:`from_dict`."""

    name: str
    version: str
    title: str
    summary: str
    authors: tuple[str, ...]
    license: str
    canary: str
    images: Images
    task: Task
    variants: Mapping[str, Variant]
    scoring: Scoring
    services: tuple[Service, ...] = ()
    assets: tuple[Asset, ...] = ()
    #: role (starting, reference) → command that prepares that solution before calibration scores it
    prepare: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: further solutions calibration scores alongside (calibration.extra), by name
    extra_solutions: Mapping[str, ExtraSolution] = field(default_factory=dict)
    envspec: int = FORMAT_VERSION
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Manifest:
        """Build from a schema-valid mapping, applying defaults; ``data`` is not modified.

        The mapping must already have passed :func:`envspec.schema.validate_schema`; otherwise
        KeyError or TypeError may escape.
        """
        raw = with_defaults(data)
        images = raw["images"]
        task = raw["task"]
        scoring = raw["scoring"]
        return cls(
            envspec=raw["envspec"],
            name=raw["name"],
            version=raw["version"],
            title=raw["title"],
            summary=raw["summary"],
            authors=tuple(raw["authors"]),
            license=raw["license"],
            canary=raw["canary"],
            images=Images(
                context=images["context"],
                dockerfile=images["dockerfile"],
                agent_target=images["agent_target"],
                scorer_target=images["scorer_target"],
                base=images["base"],
                build_args=dict(images.get("build_args", {})),
            ),
            task=Task(
                instructions=task["instructions"],
                workdir=task["workdir"],
                user=task["user"],
                solution=task.get("solution"),
            ),
            variants={name: _variant(name, v) for name, v in raw["variants"].items()},
            scoring=Scoring(
                entrypoint=tuple(scoring["entrypoint"]),
                metric=scoring["metric"],
                direction=scoring["direction"],
                aggregation=scoring["aggregation"],
                visibility=scoring["visibility"],
                timeout=scoring["timeout"],
                intermediate=scoring["intermediate"],
            ),
            services=tuple(
                Service(
                    s["name"],
                    s["kind"],
                    s.get("model"),
                    s.get("description"),
                    engine=s.get("engine", "llamacpp"),
                    file=s.get("file", "model.gguf"),
                    context=int(s.get("context", 4096)),
                    threads=int(s.get("threads", 2)),
                    command=tuple(s.get("command", ())),
                    routes=tuple(s.get("routes", ())),
                    unit=s.get("unit", "tokens"),
                    quote=s.get("quote"),
                    ready=s.get("ready", "/health"),
                    gpus=int(s.get("gpus", 0)),
                    share_gpus=bool(s.get("share_gpus", False)),
                )
                for s in raw.get("services", [])
            ),
            assets=_assets(raw.get("assets", [])),
            prepare={
                role: tuple(argv)
                for role, argv in raw.get("calibration", {}).get("prepare", {}).items()
            },
            extra_solutions={
                name: ExtraSolution(
                    name, e["files"], e["description"], tuple(e.get("variants", ()))
                )
                for name, e in raw.get("calibration", {}).get("extra", {}).items()
            },
            raw=raw,
        )

    def to_dict(self) -> dict[str, Any]:
        """The manifest as a JSON-serialisable mapping (defaults applied); a fresh copy."""
        return copy.deepcopy(dict(self.raw))

    @property
    def id(self) -> str:
        """``name:version``."""
        return f"{self.name}:{self.version}"

    def variant(self, name: str) -> Variant:
        """The variant called ``name``.

        Raises:
            EnvspecError: no such variant; the hint names the closest one or lists them all.
        """
        try:
            return self.variants[name]
        except KeyError:
            names = sorted(self.variants)
            hint = did_you_mean(name, names) or f"choose one of: {', '.join(names)}"
            raise BadInput(f"{self.name} has no variant {name!r}", hint=hint) from None

    def as_run_of(self, variant: str) -> Manifest:
        """The manifest as runs of ``variant`` see it: its services served as the variant says
        (``variants.<name>.services``: engine, GPUs, threads, context); itself where the
        variant changes nothing. Applying it twice changes nothing more."""
        changes = self.raw["variants"][self.variant(variant).name].get("services", {})
        if not changes:
            return self
        raw = self.to_dict()
        for service in raw.get("services", []):
            service.update(changes.get(service["name"], {}))
        return Manifest.from_dict(raw)

    def assets_of(self, variant: str | None) -> tuple[Asset, ...]:
        """The assets a run of ``variant`` gets: the top-level ones, then the variant's own
        (``None``: the top-level ones only)."""
        own = self.variant(variant).assets if variant is not None else ()
        return (*self.assets, *own)

    @property
    def all_assets(self) -> tuple[Asset, ...]:
        """Every asset the manifest names: the top-level ones, then each variant's."""
        return (*self.assets, *(a for v in self.variants.values() for a in v.assets))

    def asset(self, name: str, variant: str | None = None) -> Asset:
        """The asset called ``name`` (among ``variant``'s when given).

        Raises:
            EnvspecError: no such asset.
        """
        for asset in self.assets_of(variant):
            if asset.name == name:
                return asset
        names = [a.name for a in self.assets_of(variant)]
        hint = did_you_mean(name, names) or f"assets: {', '.join(names) or '(none)'}"
        raise BadInput(f"{self.name} has no asset {name!r}", hint=hint)


def with_defaults(data: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy of a schema-valid manifest mapping with every default filled in."""
    raw: dict[str, Any] = copy.deepcopy(dict(data))
    for key, value in IMAGES_DEFAULTS.items():
        raw.setdefault("images", {}).setdefault(key, value)
    for key, value in TASK_DEFAULTS.items():
        raw["task"].setdefault(key, value)
    for variant in raw["variants"].values():
        for key, value in VARIANT_DEFAULTS.items():
            variant.setdefault(key, value)
    for key, flag in SCORING_DEFAULTS.items():
        raw["scoring"].setdefault(key, flag)
    return raw


def _variant(name: str, data: Mapping[str, Any]) -> Variant:
    hw = data["hardware"]
    gpu = hw.get("gpu")
    budgets = data["budgets"]
    norm = data.get("normalisation")
    return Variant(
        name=name,
        description=data.get("description"),
        base=data.get("base"),
        hardware=Hardware(
            cpus=hw["cpus"],
            memory_gb=hw["memory_gb"],
            storage_gb=hw.get("storage_gb"),
            gpu=Gpu(gpu["count"], tuple(gpu["models"]), gpu.get("memory_gb")) if gpu else None,
        ),
        network=data["network"],
        budgets=Budgets(
            wall_time=budgets["wall_time"],
            gpu_hours=budgets.get("gpu_hours"),
            scorer_calls=budgets.get("scorer_calls"),
            llm_tokens=budgets.get("llm_tokens"),
            units=dict(budgets.get("units", {})),
            requests=dict(budgets.get("requests", {})),
        ),
        parameters=dict(data.get("parameters", {})),
        normalisation=_normalisation(norm) if norm is not None else None,
        assets=_assets(data.get("assets", [])),
    )


def _assets(entries: list[Mapping[str, Any]]) -> tuple[Asset, ...]:
    return tuple(Asset(a["name"], a["ref"], a["mount"], a["visibility"]) for a in entries)


def _normalisation(data: Mapping[str, Any]) -> Normalisation:
    prov = data["provenance"]
    return Normalisation(
        starting=data["starting"],
        reference=data["reference"],
        provenance=Provenance(
            hardware=prov["hardware"],
            date=prov["date"],
            envspec_version=prov["envspec_version"],
            repeats=prov["repeats"],
            spread_starting=prov["spread"]["starting"],
            spread_reference=prov["spread"]["reference"],
            notes=prov.get("notes"),
            trainings=prov.get("trainings", 1),
            extra={k: (v["raw"], v["normalised"]) for k, v in prov.get("extra", {}).items()},
        ),
    )
