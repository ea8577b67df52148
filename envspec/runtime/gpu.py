"""GPU inventory and exclusive allocation, safe across concurrent processes.

The inventory comes from ``$ENVSPEC_GPUS`` (a configured one, for hosts and tests), else
``nvidia-smi``, else NVML through ``pynvml``, else there are no GPUs.

Allocation hands GPUs to runs through one lease file per GPU index (``<index>.json``) in a lease
directory shared by every envspec process on the host. Every decision (read leases, choose,
write leases) happens under one ``FileLock`` on ``<lease dir>/.lock``, so two processes never take
the same GPU. Leases outlive the process that wrote them: the runtime decides when a run is over
and calls :meth:`GpuAllocator.release`, or :meth:`GpuAllocator.reclaim` with its own liveness test.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import logging
import os
import random
import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import filelock

from envspec import constants
from envspec.errors import GpuBusy, GpuError, GpuInventoryError, GpuRequestImpossible

if TYPE_CHECKING:
    from envspec.models import manifest

__all__ = [
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

NVIDIA_SMI_QUERY = (
    "--query-gpu=index,uuid,name,memory.total",
    "--format=csv,noheader,nounits",
)
_INVENTORY_HINT = (
    f"set {constants.ENV_GPUS} to a JSON list such as "
    '[{"index": 0, "name": "NVIDIA H100 80GB HBM3", "memory_gb": 80}] or to a file holding one'
)


# --- model names -------------------------------------------------------------------------------
# Data-centre families: a letter or two and a number, e.g. h100, gh200, a10g, l40s, v100, t4.
_FAMILY = re.compile(r"^(?:gh|gb|[abhklmptv])\d+[a-z]*$")
_CONSUMER = frozenset({"rtx", "gtx"})  # "GeForce RTX 4090" -> rtx4090
_CONSUMER_SUFFIXES = frozenset({"ti", "super", "ada"})
# Words that never name the model: vendor and brand, memory size, form factor.
_NOISE = re.compile(
    r"^(?:nvidia|tesla|geforce|quadro|\d+(?:gb|g)?|sxm\d*|pcie|hbm\d*e?|nvl|nvlink|generation"
    r"|edition|mig|gpu)$"
)


def normalise_model(name: str) -> str:
    """The short model name used in manifests, from a raw device name.

    ``"NVIDIA H100 80GB HBM3"`` -> ``"h100"``, ``"NVIDIA GeForce RTX 4090"`` -> ``"rtx4090"``;
    a name of no known family gives the lowercase alphanumerics of its last meaningful word
    (``"AMD Instinct MI300X"`` -> ``"mi300x"``). Normalised names normalise to themselves.
    """
    tokens: list[str] = re.findall(r"[a-z0-9]+", name.lower())
    for i, token in enumerate(tokens):
        if _FAMILY.match(token):
            return token
        if token in _CONSUMER and i + 1 < len(tokens) and tokens[i + 1].isdigit():
            model = token + tokens[i + 1]
            for suffix in tokens[i + 2 :]:
                if suffix not in _CONSUMER_SUFFIXES:
                    break
                model += suffix
            return model
    words = [re.sub(r"[^a-z0-9]", "", word) for word in name.lower().split()]
    meaningful = [
        word
        for word, raw in zip(words, name.lower().split(), strict=True)
        if word and not all(_NOISE.match(part) for part in re.findall(r"[a-z0-9]+", raw))
    ]
    if meaningful:
        return meaningful[-1]
    return "".join(tokens) or "unknown"


def _gb(value: float) -> str:
    return f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"


# --- values ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Gpu:
    """One GPU of this host: raw device ``name`` and normalised ``model``."""

    index: int
    uuid: str
    name: str
    model: str
    memory_gb: float

    @classmethod
    def from_name(cls, index: int, name: str, memory_gb: float, *, uuid: str | None = None) -> Gpu:
        """A GPU whose model is normalised from ``name``; uuid defaults to ``GPU-fake-<index>``."""
        return cls(index, uuid or f"GPU-fake-{index}", name, normalise_model(name), memory_gb)

    def describe(self) -> str:
        """E.g. ``"GPU 0 (h200, 141 GB)"``."""
        return f"GPU {self.index} ({self.model}, {_gb(self.memory_gb)} GB)"


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
        return f"{text} with ≥{_gb(self.memory_gb)} GB" if self.memory_gb is not None else text

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


# --- inventory ---------------------------------------------------------------------------------
def parse_configured_inventory(text: str, *, source: str = constants.ENV_GPUS) -> list[Gpu]:
    """A configured inventory: a JSON list of ``{"index", "name", "memory_gb", "uuid"?}``.

    Raises:
        GpuInventoryError: the text is not such a list or two GPUs share an index.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise GpuInventoryError(f"{source}: not JSON ({e})", hint=_INVENTORY_HINT) from e
    if not isinstance(data, list):
        raise GpuInventoryError(f"{source}: expected a JSON list of GPUs", hint=_INVENTORY_HINT)
    gpus: list[Gpu] = []
    for i, item in enumerate(data):
        gpus.append(_configured_gpu(item, f"{source}[{i}]"))
    _check_unique(gpus, source)
    return sorted(gpus, key=lambda g: g.index)


def _configured_gpu(item: Any, where: str) -> Gpu:
    if not isinstance(item, dict):
        raise GpuInventoryError(f"{where}: expected an object", hint=_INVENTORY_HINT)
    index, name, memory, uuid = (item.get(k) for k in ("index", "name", "memory_gb", "uuid"))
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise GpuInventoryError(f"{where}.index: expected an integer >= 0", hint=_INVENTORY_HINT)
    if not isinstance(name, str) or not name.strip():
        raise GpuInventoryError(f"{where}.name: expected the device name", hint=_INVENTORY_HINT)
    if not isinstance(memory, int | float) or isinstance(memory, bool) or memory < 0:
        raise GpuInventoryError(f"{where}.memory_gb: expected a number", hint=_INVENTORY_HINT)
    if uuid is not None and not isinstance(uuid, str):
        raise GpuInventoryError(f"{where}.uuid: expected a string", hint=_INVENTORY_HINT)
    return Gpu.from_name(index, name.strip(), float(memory), uuid=uuid)


def _check_unique(gpus: list[Gpu], source: str) -> None:
    seen: set[int] = set()
    for gpu in gpus:
        if gpu.index in seen:
            raise GpuInventoryError(
                f"{source}: GPU index {gpu.index} appears twice", hint=_INVENTORY_HINT
            )
        seen.add(gpu.index)


def load_configured_inventory(value: str) -> list[Gpu]:
    """``$ENVSPEC_GPUS``: inline JSON (starting with ``[``) or the path of a JSON file.

    Raises:
        GpuInventoryError: the file is missing or its content is not a valid inventory.
    """
    if value.lstrip().startswith("["):
        return parse_configured_inventory(value)
    path = Path(value).expanduser()
    try:
        text = path.read_text()
    except OSError as e:
        raise GpuInventoryError(
            f"{constants.ENV_GPUS}: cannot read {path}: {e.strerror or e}", hint=_INVENTORY_HINT
        ) from e
    return parse_configured_inventory(text, source=str(path))


def parse_nvidia_smi(text: str) -> list[Gpu]:
    """GPUs from ``nvidia-smi --query-gpu=index,uuid,name,memory.total`` CSV (no header, MiB).

    Raises:
        GpuInventoryError: a line is not ``index, uuid, name, memory``.
    """
    gpus: list[Gpu] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        parts = [part.strip() for part in line.split(",")]
        if len(parts) < 4 or not parts[0].isdigit():
            raise GpuInventoryError(
                f"unexpected nvidia-smi output line {line!r}",
                hint=f"check `nvidia-smi {' '.join(NVIDIA_SMI_QUERY)}`, or {_INVENTORY_HINT}",
            )
        memory_mib = parts[-1]
        # "[N/A]" appears on some virtualised GPUs; such a GPU meets no memory request.
        memory_gb = round(float(memory_mib) / 1024, 1) if _is_number(memory_mib) else 0.0
        name = ", ".join(parts[2:-1])
        gpus.append(Gpu.from_name(int(parts[0]), name, memory_gb, uuid=parts[1]))
    _check_unique(gpus, "nvidia-smi")
    return gpus


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def gpu_from_nvml(index: int, name: str | bytes, uuid: str | bytes, total_bytes: int) -> Gpu:
    """One GPU from NVML's answers (older pynvml returns bytes)."""

    def text(value: str | bytes) -> str:
        return value.decode() if isinstance(value, bytes) else value

    return Gpu.from_name(index, text(name), round(total_bytes / 2**30, 1), uuid=text(uuid))


def _query_nvidia_smi(executable: str) -> list[Gpu] | None:
    try:
        done = subprocess.run(
            [executable, *NVIDIA_SMI_QUERY],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        log.warning("nvidia-smi failed: %s", e)
        return None
    if done.returncode != 0:
        log.warning("nvidia-smi exited %d: %s", done.returncode, done.stderr.strip())
        return None
    return parse_nvidia_smi(done.stdout)


def _query_nvml() -> list[Gpu] | None:
    try:
        nvml = importlib.import_module("pynvml")
    except ImportError:
        return None
    try:
        nvml.nvmlInit()
    except Exception as e:  # pynvml.NVMLError: no driver, no GPU
        log.warning("NVML did not initialise: %s", e)
        return None
    try:
        gpus = []
        for index in range(nvml.nvmlDeviceGetCount()):
            handle = nvml.nvmlDeviceGetHandleByIndex(index)
            gpus.append(
                gpu_from_nvml(
                    index,
                    nvml.nvmlDeviceGetName(handle),
                    nvml.nvmlDeviceGetUUID(handle),
                    int(nvml.nvmlDeviceGetMemoryInfo(handle).total),
                )
            )
        return gpus
    except Exception as e:
        log.warning("NVML query failed: %s", e)
        return None
    finally:
        with contextlib.suppress(Exception):
            nvml.nvmlShutdown()


def detect_inventory() -> list[Gpu]:
    """This host's GPUs: ``$ENVSPEC_GPUS`` if set, else ``nvidia-smi``, else NVML, else none.

    Raises:
        GpuInventoryError: ``$ENVSPEC_GPUS`` is invalid, or nvidia-smi printed something unexpected.
    """
    configured = os.environ.get(constants.ENV_GPUS, "").strip()
    if configured:
        return load_configured_inventory(configured)
    executable = shutil.which("nvidia-smi")
    if executable is not None:
        gpus = _query_nvidia_smi(executable)
        if gpus is not None:
            return gpus
    gpus = _query_nvml()
    return gpus if gpus is not None else []


def summarise(gpus: Iterable[Gpu]) -> str:
    """E.g. ``"2x h100 (80 GB), 1x h200 (141 GB)"``, or ``"no GPUs"``."""
    counts: dict[tuple[str, str], int] = {}
    for gpu in gpus:
        key = (gpu.model, _gb(gpu.memory_gb))
        counts[key] = counts.get(key, 0) + 1
    if not counts:
        return "no GPUs"
    return ", ".join(f"{n}x {model} ({memory} GB)" for (model, memory), n in counts.items())


# --- allocation --------------------------------------------------------------------------------
_Pool = tuple[Gpu, ...]  # GPUs that may together serve a request, best first


def _pools(inventory: list[Gpu], request: GpuRequest, policy: SubstitutionPolicy) -> list[_Pool]:
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


def _impossible(
    inventory: list[Gpu], request: GpuRequest, policy: SubstitutionPolicy
) -> GpuRequestImpossible:
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


class GpuAllocator:
    """Exclusive GPU leases for runs, shared by every process using the same ``lease_dir``."""

    def __init__(self, inventory: list[Gpu], lease_dir: Path | None = None) -> None:
        _check_unique(inventory, "inventory")
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

    def _pools(self, request: GpuRequest, policy: SubstitutionPolicy) -> list[_Pool]:
        pools = _pools(self.inventory, request, policy)
        if not pools:
            raise _impossible(self.inventory, request, policy)
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


def _choose(pools: list[_Pool], leases: Mapping[int, Lease], count: int) -> tuple[Gpu, ...] | None:
    for pool in pools:
        free = [g for g in pool if g.index not in leases]
        if len(free) >= count:
            return tuple(free[:count])
    return None


def _busy(
    request: GpuRequest, pools: list[_Pool], holders: dict[int, str], waited: float
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
    # A reader sees the old file or the new one, never half of one.
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as f:
            json.dump(data, f, indent=2)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
