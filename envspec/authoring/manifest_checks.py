"""The checks ``envspec check`` makes without building anything: the manifest in its stages
(which include the canary in the instructions), budgets, normalisation against the last
calibration, the reference and exploits."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from envspec.authoring.exploits import find_exploits
from envspec.authoring.findings import Finding, finding
from envspec.errors import EnvspecError, Problem
from envspec.models.manifest import Manifest, Variant
from envspec.runtime.calibrate import reference_files
from envspec.schema import check_manifest, load_manifest

#: schema problems that have a finding of their own: field path pattern -> code
_MISSING = {
    re.compile(r"variants\.[^.]+\.hardware"): "variant-hardware-missing",
    re.compile(r"variants\.[^.]+\.budgets"): "variant-budgets-missing",
    re.compile(r"variants\.[^.]+\.normalisation\.provenance"): "normalisation-without-provenance",
}
#: two floats from a manifest and a calibration file are the same figure
_SAME = 1e-9


def manifest_findings(env_dir: Path) -> tuple[list[Finding], Manifest | None]:
    """Every problem of the manifest as findings, and the manifest if it loads."""
    problems = check_manifest(env_dir)
    if not problems:
        return [], load_manifest(env_dir)
    return [_problem_finding(p) for p in problems], None


def _problem_finding(problem: Problem) -> Finding:
    code = f"manifest-{problem.stage}"
    if problem.stage == "schema" and problem.message.startswith("missing required field"):
        code = next((c for rx, c in _MISSING.items() if rx.fullmatch(problem.path)), code)
    elif problem.stage == "resolve" and problem.path == "canary":
        code = "canary-missing"  # resolving reads the instructions and looks for it
    hint = problem.hint
    if code == "normalisation-without-provenance":
        hint = "calibrate the variant: envspec calibrate ENV_DIR --variant V --update"
    return finding(code, problem.message, hint, problem.path or None)


def static_findings(env_dir: Path, manifest: Manifest, variants: Iterable[str]) -> list[Finding]:
    """Findings about a manifest that loads, for the named variants."""
    out: list[Finding] = []
    for name in variants:
        v = manifest.variant(name)
        out += _budgets(manifest, v)
        out += _normalisation(env_dir, v)
        out += _hidden_raw_normalisation(manifest, v)
        try:
            reference_files(env_dir, name)
        except EnvspecError as e:
            out.append(finding("reference-missing", e.message, e.hint, f"variants.{name}"))
    if not find_exploits(env_dir):
        out.append(
            finding(
                "exploits-missing",
                "exploits/ holds no exploit, so nothing shows the scorer rejects cheats",
                "add one known cheat per file (see exploits/README.md of `envspec new`'s template)",
                "exploits/",
            )
        )
    return out


def _budgets(manifest: Manifest, v: Variant) -> list[Finding]:
    out = []
    where = f"variants.{v.name}.budgets"
    if manifest.scoring.intermediate and v.budgets.scorer_calls is None:
        out.append(
            finding(
                "budget-scorer-calls-missing",
                f"variant {v.name!r} allows intermediate scoring with no scorer_calls budget, so "
                "the scorer is an unlimited oracle",
                "set budgets.scorer_calls (or scoring.intermediate: false)",
                where,
            )
        )
    if any(not s.custom for s in manifest.services) and v.budgets.llm_tokens is None:
        out.append(
            finding(
                "budget-llm-tokens-missing",
                f"variant {v.name!r} offers a model service with no llm_tokens budget",
                "set budgets.llm_tokens",
                where,
            )
        )
    for s in manifest.services:
        if s.custom and s.unit not in v.budgets.units:
            out.append(
                finding(
                    "budget-unit-missing",
                    f"variant {v.name!r} offers the service {s.name!r} with no budget in its "
                    f"unit {s.unit!r}",
                    f"set budgets.units.{s.unit}",
                    where,
                )
            )
    return out


def _hidden_raw_normalisation(manifest: Manifest, v: Variant) -> list[Finding]:
    norm = v.normalisation
    if manifest.scoring.visibility != "hidden" or norm is None:
        return []
    if (norm.starting, norm.reference) == (0.0, 1.0):
        return []
    return [
        finding(
            "hidden-raw-normalisation",
            f"variant {v.name!r} hides its score but publishes its raw starting and reference "
            f"scores ({norm.starting:g}, {norm.reference:g}); with the starting solution public "
            "they can give the secret away",
            "normalise in the scorer (its constants in a scorer-only asset) and calibrate to "
            "starting 0, reference 1",
            f"variants.{v.name}.normalisation",
        )
    ]


def _normalisation(env_dir: Path, v: Variant) -> list[Finding]:
    where = f"variants.{v.name}.normalisation"
    redo = f"envspec calibrate {env_dir} --variant {v.name} --update"
    norm = v.normalisation
    if norm is None:
        return [
            finding(
                "normalisation-missing",
                f"variant {v.name!r} has no normalisation: its scores cannot be normalised",
                f"run {redo}",
                where,
            )
        ]
    last = last_calibration(env_dir, v.name)
    if last is None:
        return [
            finding(
                "calibration-missing",
                f"no calibration/*.json for variant {v.name!r} backs its normalisation",
                f"{redo} keeps its figures in calibration/{v.name}.json",
                where,
            )
        ]
    path, cal = last
    prov = cal.get("provenance", {})
    mine = {
        "starting": norm.starting,
        "reference": norm.reference,
        "date": norm.provenance.date,
        "repeats": norm.provenance.repeats,
    }
    theirs = {
        "starting": cal.get("starting"),
        "reference": cal.get("reference"),
        "date": prov.get("date"),
        "repeats": prov.get("repeats"),
    }
    differ = [k for k in mine if not _same(mine[k], theirs[k])]
    if not differ:
        return []
    rel = path.relative_to(env_dir)
    detail = ", ".join(f"{k} {mine[k]} vs {theirs[k]}" for k in differ)
    return [
        finding(
            "normalisation-stale",
            f"variant {v.name!r}: envspec.yaml's normalisation differs from {rel} ({detail})",
            f"{redo} measures again and writes both; or copy {rel}'s normalisation",
            where,
        )
    ]


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, int | float) and isinstance(b, int | float):
        return abs(a - b) <= _SAME * max(1.0, abs(a), abs(b))
    return bool(a == b)


def last_calibration(env_dir: Path, variant: str) -> tuple[Path, dict[str, Any]] | None:
    """The newest ``calibration/*.json`` that ``envspec calibrate`` wrote for ``variant``, and
    its normalisation: by provenance date, then ``VARIANT.json`` (calibrate's default name)
    before others, then modification time. Files of other shapes are ignored."""
    found = []
    for path in sorted((env_dir / "calibration").glob("*.json")):
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        if not isinstance(data, dict) or data.get("variant") != variant:
            continue
        norm = data.get("normalisation")
        if not isinstance(norm, dict):
            continue
        date = str((norm.get("provenance") or {}).get("date", ""))
        key = (date, path.name == f"{variant}.json", path.stat().st_mtime)
        found.append((key, path, norm))
    if not found:
        return None
    _, path, norm = max(found, key=lambda x: x[0])
    return path, norm
