"""Calibration: score the starting and the reference solutions through the real runtime, and
turn their raw scores into a variant's normalisation with its spread and provenance."""

from __future__ import annotations

import datetime
import logging
import os
import platform
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from envspec import __version__, constants
from envspec.errors import EnvspecError
from envspec.models.manifest import Manifest
from envspec.models.reference import RegistryTarget
from envspec.oci.push import push_environment
from envspec.runtime import runs
from envspec.schema import load_manifest

ROLES = ("starting", "reference")

log = logging.getLogger(__name__)


class CalibrationFailed(EnvspecError):
    """A solution did not score validly, so no normalisation can be derived."""


def reference_files(env_dir: Path, variant: str) -> dict[str, bytes]:
    """The reference solution's files: ``reference/<variant>/`` if it exists, else
    ``reference/`` (paths relative to it, written into the agent's working directory).

    Raises:
        EnvspecError: there is none.
    """
    root = env_dir / "reference" / variant
    if not root.is_dir():
        root = env_dir / "reference"
    files = {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }
    if not files:
        raise EnvspecError(
            f"no reference solution in {root}", hint="put the reference's files under reference/"
        )
    return files


def host_description(gpus: list[dict[str, Any]]) -> str:
    """E.g. ``"1x NVIDIA H200; 16 CPUs (Intel Xeon ...)"``."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    parts = []
    if gpus:
        names = sorted({g["name"] for g in gpus})
        parts.append(", ".join(f"{sum(g['name'] == n for g in gpus)}x {n}" for n in names))
    parts.append(f"{os.cpu_count()} CPUs ({cpu})")
    return "; ".join(parts)


def _prepare(run_id: str, role: str, argv: list[str]) -> None:
    """Run the role's preparation command as the agent; a failure fails the calibration."""
    began = time.monotonic()
    done = runs.exec_in_run(run_id, argv)
    log.info("prepared the %s solution in %.1f s", role, time.monotonic() - began)
    if done.exit_code != 0:
        tail = (done.stderr or done.stdout).decode(errors="replace")[-2000:]
        why = "timed out" if done.timed_out else f"exited with {done.exit_code}"
        raise CalibrationFailed(
            f"preparing the {role} solution ({' '.join(argv)}) {why}:\n{tail}",
            hint="fix the solution's preparation (calibration.prepare in envspec.yaml)",
        )


def calibrate(
    env_dir: Path,
    variant: str,
    *,
    repeats: int = 3,
    backend: str | None = None,
    reference: str | None = None,
    substitute: dict[str, tuple[str, ...]] | None = None,
    on_score: Callable[[str, int, dict[str, Any]], None] | None = None,
    assets_from: str | None = None,
) -> dict[str, Any]:
    """Score the starting solution and the reference ``repeats`` times each, one run per
    solution, through the runtime; return the figures and the normalisation they give.

    ``reference`` names an already published version of the environment (needed where no
    engine can build it, e.g. a GPU node); otherwise ``env_dir`` is built and pushed to a
    scratch layout first, so calibration never touches a real store (its assets come from
    ``assets_from``, default the embedded store). A solution the manifest's
    ``calibration.prepare`` names a command for is prepared by it (as the agent, within the
    run's budget) before it is scored.

    Raises:
        ManifestError, BuildError, RegistryError: the environment cannot be published.
        CalibrationFailed: a solution scored invalid.
    """
    manifest: Manifest = load_manifest(env_dir)
    manifest.variant(variant)  # a clear error for a misspelt variant, before any work
    with tempfile.TemporaryDirectory(prefix="envspec-calibrate-") as scratch:
        if reference is None:
            target = RegistryTarget(store=str(Path(scratch) / "store"))
            reference = str(push_environment(env_dir, target, assets_from=assets_from).environment)
        figures: dict[str, Any] = {}
        gpus: list[dict[str, Any]] = []
        details: dict[str, Any] = {}
        for role in ROLES:
            run = runs.start_run(reference, variant=variant, backend=backend, substitute=substitute)
            scores: list[float] = []
            try:
                if role == "reference":
                    runs.put_files(run.id, reference_files(env_dir, variant))
                if role in manifest.prepare:
                    _prepare(run.id, role, list(manifest.prepare[role]))
                for i in range(repeats):
                    record = runs.score_run(run.id).record
                    if on_score is not None:
                        on_score(role, i, record.to_dict())
                    if not record.valid or record.score is None:
                        raise CalibrationFailed(
                            f"the {role} solution scored invalid: {record.reason}",
                            hint="fix the solution or the scorer, then calibrate again",
                        )
                    scores.append(record.score)
                    details = {
                        k: v
                        for k, v in record.details.items()
                        if k not in ("logs", "exit_code", "seconds")
                    }
            finally:
                result = runs.finish_run(run.id)
            gpus = result["gpus"] or gpus
            figures[role] = {
                "scores": scores,
                "median": statistics.median(scores),
                "spread": statistics.stdev(scores) if len(scores) > 1 else 0.0,
                "run": run.id,
                "backend": result["backend"],
                "isolation": result["isolation"],
            }
    current = manifest.variant(variant).normalisation
    for role in ROLES:  # how the manifest as it stands scores each solution (0 and 1 if current)
        figures[role]["normalised"] = (
            None if current is None else round(current.normalise(figures[role]["median"]), 6)
        )
    provenance = {
        "hardware": host_description(gpus),
        "date": datetime.date.today().isoformat(),
        "envspec_version": __version__,
        "repeats": repeats,
        "spread": {role: round(figures[role]["spread"], 6) for role in ROLES},
        "notes": f"envspec calibrate, {figures['starting']['backend']} backend "
        f"({figures['starting']['isolation']}); scorer details: "
        + ", ".join(
            f"{k}={v}"
            for k, v in sorted(details.items())
            if v is not None and not isinstance(v, list)
        ),
    }
    return {
        "environment": manifest.id,
        "variant": variant,
        "reference": reference,
        **figures,
        "normalisation": {
            "starting": round(figures["starting"]["median"], 6),
            "reference": round(figures["reference"]["median"], 6),
            "provenance": provenance,
        },
    }


def update_manifest(env_dir: Path, variant: str, normalisation: dict[str, Any]) -> Path:
    """Write ``normalisation`` into the variant in ``envspec.yaml``, keeping comments and order.

    Raises:
        EnvspecError: the manifest has no such variant.
    """
    from ruamel.yaml import YAML

    path = env_dir / constants.MANIFEST_FILE_NAME
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 100
    data = yaml.load(path.read_text())
    if variant not in data.get("variants", {}):
        raise EnvspecError(f"{path} has no variant {variant!r}")
    data["variants"][variant]["normalisation"] = normalisation
    with path.open("w") as f:
        yaml.dump(data, f)
    return path
