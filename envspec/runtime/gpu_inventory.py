"""GPU inventory: the host's GPUs, from ``$ENVSPEC_GPUS``, ``nvidia-smi`` or NVML.

The inventory comes from ``$ENVSPEC_GPUS`` (a configured one, for hosts and tests), else
``nvidia-smi``, else NVML through ``pynvml``, else there are no GPUs. :mod:`envspec.runtime.gpu`
allocates them to runs.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import logging
import os
import re
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from envspec import constants
from envspec.errors import GpuInventoryError

__all__ = [
    "NVIDIA_SMI_QUERY",
    "Gpu",
    "check_unique",
    "detect_inventory",
    "format_gb",
    "gpu_from_nvml",
    "load_configured_inventory",
    "normalise_model",
    "parse_configured_inventory",
    "parse_nvidia_smi",
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


def format_gb(value: float) -> str:
    """GB for messages: ``"80"``, or ``"79.6"`` when not near a whole number."""
    return f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"


# --- the GPU value -----------------------------------------------------------------------------
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
        return f"GPU {self.index} ({self.model}, {format_gb(self.memory_gb)} GB)"


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
    check_unique(gpus, source)
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


def check_unique(gpus: list[Gpu], source: str) -> None:
    """Raise :class:`GpuInventoryError` when two of ``gpus`` share an index."""
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
    check_unique(gpus, "nvidia-smi")
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
        key = (gpu.model, format_gb(gpu.memory_gb))
        counts[key] = counts.get(key, 0) + 1
    if not counts:
        return "no GPUs"
    return ", ".join(f"{n}x {model} ({memory} GB)" for (model, memory), n in counts.items())
