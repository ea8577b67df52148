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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from envspec import __version__, constants
from envspec.errors import BadInput, EnvspecError
from envspec.models import aggregate
from envspec.models.manifest import Manifest
from envspec.models.reference import Reference, RegistryTarget
from envspec.models.score import ScoreRecord
from envspec.oci.pull import resolve
from envspec.oci.push import push_environment
from envspec.runtime import runs, runstore
from envspec.schema import load_manifest

ROLES = ("starting", "reference")

log = logging.getLogger(__name__)


class CalibrationFailed(EnvspecError):
    """A solution did not score validly, so no normalisation can be derived."""


def reference_files(env_dir: Path, variant: str, folder: str = "reference") -> dict[str, bytes]:
    """A solution's files: ``<folder>/<variant>/`` if it exists, else ``<folder>/`` (paths
    relative to it, written into the agent's working directory). ``folder`` is relative to
    ``env_dir``: ``reference`` for the reference, a ``calibration.extra`` entry's ``files``.

    Raises:
        EnvspecError: there is none.
    """
    root = env_dir / folder / variant
    if not root.is_dir():
        root = env_dir / folder
    files = {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }
    if not files:
        raise EnvspecError(
            f"no solution files in {root}", hint=f"put the solution's files under {folder}/"
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


@dataclass
class _Target:
    """Where calibration's runs come from and how they report."""

    reference: str
    variant: str
    backend: str | None
    substitute: dict[str, tuple[str, ...]] | None
    on_score: Callable[[str, int, dict[str, Any]], None] | None


def _score_solution(
    target: _Target,
    role: str,
    files: dict[str, bytes],
    prepare: list[str] | None,
    repeats: int,
    first: int,
) -> tuple[list[float], dict[str, Any], dict[str, Any]]:
    """One run: the solution's files, its preparation, ``repeats`` scorings, the last of them
    the run's final one (what its result reports, and a scoring the run makes anyway: a
    scoring of rust_scaffold's ``standard`` takes seven GPU minutes). Returns the scores, the
    run's result and the last record's details."""
    run = runs.start_run(
        target.reference,
        variant=target.variant,
        backend=target.backend,
        substitute=target.substitute,
    )
    scores: list[float] = []
    details: dict[str, Any] = {}
    result: dict[str, Any] | None = None
    try:
        if files:
            runs.put_files(run.id, files)
        if prepare:
            _prepare(run.id, role, prepare)
        for i in range(repeats):
            if i < repeats - 1:
                record = runs.score_run(run.id).record
            else:
                result = runs.finish_run(run.id)
                record = _final_record(run.id, role)
            if target.on_score is not None:
                target.on_score(role, first + i, record.to_dict())
            if not record.valid or record.score is None:
                raise CalibrationFailed(
                    f"the {role} solution scored invalid: {record.reason}",
                    hint="fix the solution or the scorer, then calibrate again",
                )
            scores.append(record.score)
            details = {
                k: v for k, v in record.details.items() if k not in ("logs", "exit_code", "seconds")
            }
    finally:
        if result is None:  # failed before its final scoring: stopped without one
            result = runs.finish_run(run.id, final_score=False)
    return scores, {**result, "run": run.id}, details


def _final_record(run_id: str, role: str) -> ScoreRecord:
    """The run's final scoring, which finish_run made (or could not: its warning says why)."""
    records = runs.score_log(runstore.load(run_id)).records()
    if not records or records[-1].kind != "final":
        raise CalibrationFailed(
            f"the {role} solution's run ended without a final scoring",
            hint=f"the warning above about {run_id} says why; fix that, then calibrate again",
        )
    return records[-1]


def _figures(per_training: list[list[float]], results: list[dict[str, Any]]) -> dict[str, Any]:
    """Median over every scoring; the spread between scorings of one training (the mean of
    each training's standard deviation) and between the trainings' medians."""
    scores = [s for t in per_training for s in t]
    within = [statistics.stdev(t) for t in per_training if len(t) > 1]
    medians = [statistics.median(t) for t in per_training]
    return {
        "scores": scores,
        **({"trainings": per_training} if len(per_training) > 1 else {}),
        "median": statistics.median(scores),
        "spread": statistics.fmean(within) if within else 0.0,
        "spread_between_trainings": statistics.stdev(medians) if len(medians) > 1 else 0.0,
        "run": results[0]["run"],
        "runs": [r["run"] for r in results],
        "backend": results[0]["backend"],
        "isolation": results[0]["isolation"],
    }


def calibrate(
    env_dir: Path,
    variant: str,
    *,
    repeats: int = 3,
    trainings: int = 1,
    backend: str | None = None,
    reference: str | None = None,
    substitute: dict[str, tuple[str, ...]] | None = None,
    on_score: Callable[[str, int, dict[str, Any]], None] | None = None,
    assets_from: str | None = None,
    only: Sequence[str] = (),
    earlier: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Score the starting solution and the reference ``repeats`` times each through the
    runtime; return the figures and the normalisation they give.

    ``only`` names the solutions to score (default all): where a scoring takes longer than a
    lent machine lasts (rust_scaffold's ``standard``), each solution in a session of its own.
    Figures without both the starting solution and the reference give no normalisation.
    ``earlier``: the figures of such calibrations of the same build (environment digest) and
    variant (:func:`merge_earlier`); its solutions that ``only`` does not name (without
    ``only``: all it holds) are taken from it, not scored again, and count towards the
    normalisation. Where it holds every solution nothing is scored: parts scored side by side
    on one lent machine are combined.

    A solution the manifest's ``calibration.prepare`` names a command for is prepared by it
    (as the agent, within the run's budget) before it is scored, ``trainings`` times, each in
    a fresh run, so that the spread between trainings is measured and not only that between
    scorings; others get one run. Each of ``calibration.extra``'s solutions for the variant is
    scored too (one run), and its normalised score recorded.

    ``reference`` names an already published version of the environment (needed where no
    engine can build it, e.g. a GPU node); otherwise ``env_dir`` is built and pushed to a
    scratch layout first, so calibration never touches a real store (its assets come from
    ``assets_from``, default the embedded store).

    Raises:
        ManifestError, BuildError, RegistryError: the environment cannot be published.
        CalibrationFailed: a solution scored invalid.
        BadInput: ``earlier`` is of another build or variant, or gives nothing.
    """
    if repeats < 1 or trainings < 1:
        raise BadInput("repeats and trainings must be at least 1")
    manifest: Manifest = load_manifest(env_dir)
    manifest.variant(variant)  # a clear error for a misspelt variant, before any work
    extras = [e for e in manifest.extra_solutions.values() if e.applies_to(variant)]
    solutions: dict[str, tuple[dict[str, bytes], list[str] | None]] = {
        "starting": ({}, list(manifest.prepare.get("starting", ())) or None),
        "reference": (
            reference_files(env_dir, variant),
            list(manifest.prepare.get("reference", ())) or None,
        ),
        **{e.name: (reference_files(env_dir, variant, e.files), None) for e in extras},
    }
    unknown = sorted(set(only) - set(solutions))
    if unknown:
        raise BadInput(
            f"{variant} has no solution {', '.join(unknown)}",
            hint=f"name any of: {', '.join(solutions)}",
        )
    if only:
        solutions = {role: solution for role, solution in solutions.items() if role in only}
    elif earlier:
        given = solutions_in(earlier)
        solutions = {role: solution for role, solution in solutions.items() if role not in given}
    taken = _taken(earlier, manifest.id, variant, scored_now=solutions) if earlier else {}
    figures: dict[str, Any] = {}
    details: dict[str, Any] = {}
    gpus: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="envspec-calibrate-") as scratch:
        if solutions:
            if reference is None:
                store = RegistryTarget(store=str(Path(scratch) / "store"))
                reference = str(
                    push_environment(env_dir, store, assets_from=assets_from).environment
                )
            # every run of the calibration, and its figures, name the build by its digest
            reference = str(resolve(Reference.parse(reference))[1].reference)
        else:  # parts combined (every solution in ``earlier``): no run, the build they scored
            reference = str((earlier or {}).get("build"))
        if earlier:
            _same_build(str(earlier.get("build")), reference)
        target = _Target(reference, variant, backend, substitute, on_score)
        for role, (files, prepare) in solutions.items():
            per_training: list[list[float]] = []
            results: list[dict[str, Any]] = []
            for _ in range(trainings if prepare else 1):
                first = sum(len(t) for t in per_training)
                scores, result, last = _score_solution(target, role, files, prepare, repeats, first)
                per_training.append(scores)
                results.append(result)
                details = last if role in ROLES else details
                gpus = result["gpus"] or gpus
            figures[role] = _figures(per_training, results)
    figures = {**taken, **figures}
    current = manifest.variant(variant).normalisation
    for role in figures:  # how the manifest as it stands scores each solution (0 and 1 if current)
        figures[role]["normalised"] = (
            None if current is None else round(current.normalise(figures[role]["median"]), 6)
        )
    scored = [role for role in ROLES if role in figures]
    theirs = _earlier_provenance(earlier).get("hardware") if earlier else None
    hardware = host_description(gpus) if solutions else str(theirs)
    if solutions and taken and theirs != hardware:
        hardware += f" ({', '.join(taken)} on {theirs})"
    provenance: dict[str, Any] = {
        "hardware": hardware,
        "date": datetime.date.today().isoformat(),
        "envspec_version": __version__,
        "repeats": min(
            [*([repeats] if solutions else []), *(len(f["scores"]) for f in taken.values())]
        ),
        "spread": {role: round(figures[role]["spread"], 6) for role in scored},
    }
    if trainings > 1 and any(manifest.prepare.get(role) for role in scored):  # some were trained
        provenance["trainings"] = trainings
        provenance["spread_between_trainings"] = {
            role: round(figures[role]["spread_between_trainings"], 6) for role in scored
        }
    hidden = manifest.scoring.visibility == "hidden"
    before = _earlier_notes(earlier, taken)
    if len(scored) < len(ROLES):  # scored in parts: the figures, no normalisation yet
        provenance["notes"] = notes(figures, details, hidden=hidden) + before
        return {
            "environment": manifest.id,
            "variant": variant,
            "build": reference,
            **figures,
            "provenance": provenance,
        }
    starting, ref = figures["starting"]["median"], figures["reference"]["median"]
    if extras:
        provenance["extra"] = {
            e.name: {
                "raw": round(figures[e.name]["median"], 6),
                "normalised": round(
                    aggregate.normalise(figures[e.name]["median"], starting, ref, floor=False), 6
                ),
            }
            for e in extras
            if e.name in figures
        }
    provenance["notes"] = notes(figures, details, hidden=hidden) + before
    return {
        "environment": manifest.id,
        "variant": variant,
        "build": reference,  # the environment by digest ("reference" is the solution's)
        **figures,
        "normalisation": {
            "starting": round(starting, 6),
            "reference": round(ref, 6),
            "provenance": provenance,
        },
    }


def solutions_in(figures: dict[str, Any]) -> dict[str, Any]:
    """The solutions' figures in a calibration's figures, by name."""
    return {k: v for k, v in figures.items() if isinstance(v, dict) and "median" in v}


def _taken(
    earlier: dict[str, Any], environment: str, variant: str, *, scored_now: dict[str, Any]
) -> dict[str, Any]:
    """The solutions' figures an earlier ``only`` calibration gives that this one does not
    score again."""
    if (earlier.get("environment"), earlier.get("variant")) != (environment, variant):
        raise BadInput(
            f"the earlier figures are of {earlier.get('environment')}'s variant "
            f"{earlier.get('variant')}, not {environment}'s {variant}",
            hint="name the figures of the same environment and variant",
        )
    taken = {
        role: figure for role, figure in solutions_in(earlier).items() if role not in scored_now
    }
    if not taken:
        raise BadInput(
            "the earlier figures hold no solution that this calibration does not score itself",
            hint="name with --only the solutions still to score",
        )
    return taken


def merge_earlier(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Several earlier calibrations' figures (``--only`` parts, say scored side by side) as
    one ``earlier``: each of the same environment, variant and build, no solution in two."""
    if len(parts) == 1:
        return parts[0]
    first = parts[0]
    merged: dict[str, Any] = {k: first.get(k) for k in ("environment", "variant", "build")}
    provenances = []
    for part in parts:
        if (part.get("environment"), part.get("variant")) != (
            merged["environment"],
            merged["variant"],
        ):
            raise BadInput(
                f"the earlier figures mix {merged['environment']}'s {merged['variant']} and "
                f"{part.get('environment')}'s {part.get('variant')}",
                hint="name the figures of one environment's variant",
            )
        _same_build(str(part.get("build")), str(merged["build"]))
        for role, figure in solutions_in(part).items():
            if role in merged:
                raise BadInput(
                    f"{role} is in two of the earlier figures",
                    hint="name each solution's figures once",
                )
            merged[role] = figure
        provenances.append(_earlier_provenance(part))
    merged["provenance"] = {
        "date": max(str(p.get("date")) for p in provenances),
        "hardware": "; ".join(dict.fromkeys(str(p.get("hardware")) for p in provenances)),
        "notes": "; ".join(str(p.get("notes", "")) for p in provenances),
    }
    return merged


def _same_build(theirs: str, mine: str) -> None:
    """Figures of two parts make one normalisation only if both scored the same build."""
    digest = theirs.rpartition("@")[2]
    if not digest.startswith("sha256:") or digest != mine.rpartition("@")[2]:
        raise BadInput(
            f"the earlier figures scored {theirs}, this calibration {mine}: another build",
            hint="calibrate the same published version (--ref with its digest) in every part",
        )


def _earlier_provenance(earlier: dict[str, Any]) -> dict[str, Any]:
    norm = earlier.get("normalisation")
    found = norm.get("provenance") if isinstance(norm, dict) else earlier.get("provenance")
    return found if isinstance(found, dict) else {}


def _earlier_notes(earlier: dict[str, Any] | None, taken: dict[str, Any]) -> str:
    if not earlier or not taken:
        return ""
    prov = _earlier_provenance(earlier)
    runs_ = ", ".join(r for f in taken.values() for r in f.get("runs", []))
    return (
        f"; {', '.join(taken)} scored earlier ({prov.get('date')}, {prov.get('hardware')}; "
        f"runs {runs_}): {prov.get('notes', '')}"
    )


def notes(figures: dict[str, Any], details: dict[str, Any], *, hidden: bool) -> str:
    """The provenance's notes: the backend, and the last reference scoring's details, which
    are operator-only while the manifest is public: of their top-level numbers and booleans
    alone (text, lists and mappings may name what is hidden: rust_scaffold's verdicts are
    keyed by the hidden problems' names), and of a hidden-score environment none, as they may
    hold what the score hides (a ground truth's optimum, say)."""
    first = next(iter(figures.values()))
    where = f"envspec calibrate, {first['backend']} backend ({first['isolation']})"
    if hidden:
        return f"{where}; scorer details withheld (the score is hidden)"
    shown = ", ".join(
        f"{k}={v}" for k, v in sorted(details.items()) if isinstance(v, (int, float, bool))
    )
    return f"{where}; scorer details: {shown}"


def restate_normalised(figures: dict[str, Any]) -> None:
    """Re-score each solution's median under the normalisation these figures give (the one
    ``--update`` writes), keeping the old value as ``normalised_before_update``: a committed
    calibration file must agree with the manifest it updated."""
    norm = figures["normalisation"]
    starting, reference = float(norm["starting"]), float(norm["reference"])
    for value in solutions_in(figures).values():
        value["normalised_before_update"] = value.get("normalised")
        value["normalised"] = (  # + 0.0: no "-0.0" in the file
            round(aggregate.normalise(value["median"], starting, reference, floor=False), 6) + 0.0
        )


def update_refusal(figures: dict[str, Any], direction: str) -> str | None:
    """Why these figures' normalisation must not be written into the manifest (None: it may
    be): a reference that does not beat the starting solution normalises nothing, and the
    manifest would no longer validate."""
    norm = figures["normalisation"]
    starting, reference = float(norm["starting"]), float(norm["reference"])
    better = reference > starting if direction == "maximise" else reference < starting
    if better:
        return None
    return (
        f"the reference scores {reference:g} and the starting solution {starting:g}: with "
        f"direction {direction}, the reference does not beat it, so the normalisation is not "
        "written"
    )


def update_manifest(env_dir: Path, variant: str, normalisation: dict[str, Any]) -> Path:
    """Write ``normalisation`` into the variant in ``envspec.yaml``, keeping comments and order.

    Raises:
        EnvspecError: the manifest has no such variant.
    """
    from ruamel.yaml import YAML

    path = env_dir / constants.MANIFEST_FILE_NAME
    yaml = YAML()
    yaml.preserve_quotes = True
    # the house layout (lists indented under their key); no wrapping, which would split
    # digest-pinned references over two lines
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = 4096
    data = yaml.load(path.read_text())
    if variant not in data.get("variants", {}):
        raise BadInput(f"{path} has no variant {variant!r}")
    data["variants"][variant]["normalisation"] = normalisation
    with path.open("w") as f:
        yaml.dump(data, f)
    return path
