"""Stage 3 of loading a manifest: the checks a JSON Schema cannot express."""

from __future__ import annotations

import datetime
import posixpath
from collections.abc import Mapping, Sequence
from typing import Any

from envspec.constants import BUILD_ARG_BASE
from envspec.errors import EnvspecError, Problem
from envspec.models.manifest import did_you_mean, parse_duration, with_defaults

__all__ = ["validate_semantics"]


def validate_semantics(data: Mapping[str, Any]) -> list[Problem]:
    """Checks a JSON Schema cannot express (stage ``semantic``); ``data`` must be schema-valid.

    Normalisation agrees with scoring.direction, durations are positive, paths stay inside
    the environment folder, asset and service names are unique and services name assets.
    """
    problems: list[Problem] = []

    def add(path: str, message: str, hint: str | None = None) -> None:
        problems.append(Problem(path, message, hint, stage="semantic"))

    raw = with_defaults(data)
    images, task, scoring = raw["images"], raw["task"], raw["scoring"]
    inside = "keep it inside the environment folder (no '..')"
    for path, rel in (
        ("images.context", images["context"]),
        ("images.dockerfile", posixpath.join(images["context"], images["dockerfile"])),
        ("task.instructions", task["instructions"]),
    ):
        if _escapes(rel):
            add(path, f"{rel!r} points outside the environment folder", inside)
    if "solution" in task and _escapes(task["solution"]):
        add("task.solution", f"{task['solution']!r} points outside task.workdir", "drop the '..'")
    if BUILD_ARG_BASE in images.get("build_args", {}):
        add(
            f"images.build_args.{BUILD_ARG_BASE}",
            f"{BUILD_ARG_BASE} is set from images.base (or a variant's base)",
            "set images.base instead",
        )
    _positive_duration(add, "scoring.timeout", scoring["timeout"])
    for name, variant in raw["variants"].items():
        where = f"variants.{name}"
        _positive_duration(add, f"{where}.budgets.wall_time", variant["budgets"]["wall_time"])
        gpu = variant["hardware"].get("gpu")
        if gpu is not None and not gpu.get("models"):
            add(f"{where}.hardware.gpu.models", "name at least one GPU model", "e.g. [h100, h200]")
        norm = variant.get("normalisation")
        if norm is not None:
            _check_normalisation(add, f"{where}.normalisation", norm, scoring["direction"])
    _check_names(add, "assets", raw.get("assets", []))
    for name, variant in raw["variants"].items():
        _check_variant_assets(add, name, raw.get("assets", []), variant.get("assets", []))
    _check_names(add, "services", raw.get("services", []))
    served = [s["name"] for s in raw.get("services", [])]
    for name, variant in raw["variants"].items():
        for service in variant["budgets"].get("requests", {}):
            if service not in served:
                hint = did_you_mean(service, served) or "name one of the services"
                add(f"variants.{name}.budgets.requests", f"no service named {service!r}", hint)
    _check_variant_services(add, raw)
    assets = {a["name"]: a for a in raw.get("assets", [])}
    for i, service in enumerate(raw.get("services", [])):
        kind = service["kind"]
        for field in sorted(set(service) & FIELDS_OF_OTHER_KIND[kind]):
            add(f"services[{i}].{field}", f"{field} does not apply to {kind} services", "remove it")
        for field in FIELDS_OF_KIND[kind]:
            if field not in service:
                add(f"services[{i}].{field}", f"a {kind} service needs {field}", f"add {field}")
        if any(field not in service for field in FIELDS_OF_KIND[kind]):
            continue
        if kind == "custom":
            continue  # its program is the environment's own, in the scorer image
        if service.get("gpus") and service.get("engine", "llamacpp") == "llamacpp":
            add(
                f"services[{i}].gpus",
                "the llamacpp engine runs on the CPU",
                "use engine: transformers for a model served on GPUs, or remove gpus",
            )
        model = assets.get(service["model"])
        if model is None:
            hint = did_you_mean(service["model"], list(assets)) or "add the model to assets"
            add(f"services[{i}].model", f"no asset named {service['model']!r}", hint)
        elif model["visibility"] != "service":
            # weights the agent can read are weights it can run without the meter
            add(
                f"services[{i}].model",
                f"the served model {model['name']!r} has visibility {model['visibility']!r}",
                "give it visibility: service (only the service's container mounts it)",
            )
    for name, extra in raw.get("calibration", {}).get("extra", {}).items():
        where = f"calibration.extra.{name}"
        if _escapes(extra["files"]):
            add(f"{where}.files", f"{extra['files']!r} leaves the environment folder")
        for variant in extra.get("variants", []):
            if variant not in raw["variants"]:
                hint = did_you_mean(variant, list(raw["variants"])) or "name one of the variants"
                add(f"{where}.variants", f"no variant named {variant!r}", hint)
    return problems


#: the fields a service of each kind must have
FIELDS_OF_KIND = {"openai-compatible": ("model",), "custom": ("command", "routes", "unit")}
#: a service's fields that only the other kind has
FIELDS_OF_OTHER_KIND = {
    "openai-compatible": {"command", "routes", "unit", "quote", "ready"},
    "custom": {"model", "engine", "file", "context"},
}


def _check_variant_services(add: Any, raw: Mapping[str, Any]) -> None:
    """A variant's ``services`` names services that exist, sets only what applies to their
    kind, and leaves no llama.cpp engine with GPUs, nor a service sharing GPUs it has not."""
    services = {s["name"]: s for s in raw.get("services", [])}
    for name, variant in raw["variants"].items():
        for served, service in services.items():
            resolved = {**service, **variant.get("services", {}).get(served, {})}
            if resolved.get("share_gpus") and not resolved.get("gpus"):
                add(
                    f"variants.{name}.services.{served}.share_gpus",
                    f"variant {name} would have {served} share GPUs it does not take",
                    "give it gpus (in the service or the variant's services), or remove share_gpus",
                )
        for served, changes in variant.get("services", {}).items():
            where = f"variants.{name}.services.{served}"
            service = services.get(served)
            if service is None:
                hint = did_you_mean(served, list(services)) or "name one of the services"
                add(where, f"no service named {served!r}", hint)
                continue
            for field in sorted(set(changes) & FIELDS_OF_OTHER_KIND[service["kind"]]):
                add(f"{where}.{field}", f"{field} does not apply to {service['kind']} services")
            resolved = {**service, **changes}
            gpus = (variant["hardware"].get("gpu") or {}).get("count", 0)
            if changes.get("gpus", 0) > gpus:
                add(
                    f"{where}.gpus",
                    f"variant {name} has {gpus} GPU(s), not the {changes['gpus']} given {served}",
                    f"give it at most {gpus}, or the variant more",
                )
            if service["kind"] == "custom":
                continue
            if resolved.get("gpus") and resolved.get("engine", "llamacpp") == "llamacpp":
                add(
                    f"{where}.gpus",
                    f"variant {name} would serve {served} with GPUs on llamacpp, a CPU engine",
                    "set engine: transformers for this variant, or gpus: 0",
                )


def _escapes(rel: str) -> bool:
    norm = posixpath.normpath(rel.replace("\\", "/"))
    return norm == ".." or norm.startswith(("../", "/"))


def _positive_duration(add: Any, path: str, text: str) -> None:
    try:
        if parse_duration(text) <= 0:
            add(path, "must be longer than zero", "e.g. 8h")
    except EnvspecError as exc:
        add(path, exc.message, exc.hint)


def _check_normalisation(add: Any, path: str, norm: Mapping[str, Any], direction: str) -> None:
    start, ref = norm["starting"], norm["reference"]
    if start == ref:
        add(path, f"starting and reference scores are equal ({start})", "recalibrate")
    elif (direction == "minimise") != (ref < start):
        better = "lower" if direction == "minimise" else "higher"
        add(
            path,
            f"with scoring.direction {direction!r} the reference score must be {better} than the "
            f"starting score (starting {start}, reference {ref})",
            "swap starting and reference, or fix scoring.direction",
        )
    date = norm["provenance"]["date"]
    try:
        datetime.date.fromisoformat(date)
    except ValueError:
        add(f"{path}.provenance.date", f"{date!r} is not a real date", "use YYYY-MM-DD")


def _check_variant_assets(
    add: Any, variant: str, shared: Sequence[Mapping[str, Any]], own: Sequence[Mapping[str, Any]]
) -> None:
    """A variant's assets join the top-level ones: names and mounts must stay unique."""
    names = {a["name"] for a in shared}
    mounts = {a["mount"].rstrip("/") for a in shared}
    _check_names(add, f"variants.{variant}.assets", own)
    for i, asset in enumerate(own):
        where = f"variants.{variant}.assets[{i}]"
        if asset["name"] in names:
            add(f"{where}.name", f"{asset['name']!r} is also a top-level asset", "rename one")
        mount = asset["mount"].rstrip("/")
        if mount in mounts:
            add(f"{where}.mount", f"{mount} is mounted twice in this variant", "mount it elsewhere")
        mounts.add(mount)


def _check_names(add: Any, section: str, entries: Sequence[Mapping[str, Any]]) -> None:
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        if entry["name"] in seen:
            add(f"{section}[{i}].name", f"duplicate name {entry['name']!r}", "rename one")
        seen.add(entry["name"])
