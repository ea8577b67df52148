"""Load and validate manifests in stages: parse → JSON Schema → semantics → resolve.

Each stage is one function that returns every :class:`~envspec.errors.Problem` it finds, each
with a dotted field path (``variants.lite.hardware.gpu.count``, ``assets[0].ref``) and a hint.
:func:`load_manifest` runs them in order and stops after the first stage with problems, since
later stages rely on the earlier ones.
"""

from __future__ import annotations

import datetime
import functools
import importlib.resources
import json
import logging
import math
import posixpath
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import yaml
from jsonschema.exceptions import ValidationError, best_match  # type: ignore[import-untyped]

from envspec.constants import BUILD_ARG_BASE, MANIFEST_FILE_NAME
from envspec.errors import EnvspecError, ManifestError, Problem
from envspec.models.manifest import Manifest, did_you_mean, parse_duration, with_defaults

log = logging.getLogger(__name__)

MANIFEST_SCHEMA = "envspec-manifest-v1"
MAX_MANIFEST_BYTES = 1024 * 1024
MAX_DEPTH = 64  # nesting levels; deeper input is refused before the schema walks it
MAX_NODES = 100_000  # values after expanding YAML aliases

PathParts = tuple[str | int, ...]


# --- schemas -----------------------------------------------------------------------------------
def schema_path(name: str) -> Path:
    """The file of the JSON Schema ``name`` (``"envspec-manifest-v1"`` or a file name).

    Looks in ``schemas/`` of a source checkout, then in the installed package's ``_schemas``.

    Raises:
        EnvspecError: the schema is in neither place.
    """
    filename = name if name.endswith(".json") else f"{name}.schema.json"
    candidate = Path(__file__).resolve().parent.parent / "schemas" / filename
    if candidate.is_file():
        return candidate
    resource = importlib.resources.files("envspec").joinpath("_schemas", filename)
    if resource.is_file():
        return Path(str(resource))
    raise EnvspecError(f"JSON Schema {filename!r} not found", hint="reinstall envspec")


@functools.cache
def load_schema(name: str = MANIFEST_SCHEMA) -> dict[str, Any]:
    """The parsed JSON Schema ``name`` (cached)."""
    schema: dict[str, Any] = json.loads(schema_path(name).read_text(encoding="utf-8"))
    return schema


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
    # Python's `$` also matches before a trailing newline; JSON Schema's (ECMA 262) does not.
    if validator.is_type(instance, "string") and (
        re.search(pattern, instance) is None or (pattern.endswith("$") and instance.endswith("\n"))
    ):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


_Validator = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"pattern": _pattern})


@functools.cache
def _validator() -> Any:
    return _Validator(load_schema(MANIFEST_SCHEMA))


# --- stage 1: parse ----------------------------------------------------------------------------
class _Loader(yaml.SafeLoader):
    """Safe YAML that keeps dates as strings (JSON has no date type)."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def parse(text: str | bytes, source: str) -> tuple[object | None, list[Problem]]:
    """Parse manifest text as YAML; never raises, whatever the input.

    Returns the data (a mapping with string keys and JSON-compatible values) and no problems,
    or None and the problems (stage ``parse``): not text, empty, YAML syntax errors with their
    line and column, duplicate keys, non-mapping top level, values JSON cannot hold.
    """
    try:
        return _parse(text, source)
    except RecursionError:
        return None, [_parse_problem("", f"{source} is nested too deeply to parse")]
    except Exception as exc:  # any input must give problems, never a traceback
        log.debug("parsing %s failed", source, exc_info=True)
        reason = _short(f"{type(exc).__name__}: {exc}", 200)
        return None, [_parse_problem("", f"could not parse {source}: {reason}")]


def _parse(text: str | bytes, source: str) -> tuple[object | None, list[Problem]]:
    if len(text) > MAX_MANIFEST_BYTES:
        return None, [_parse_problem("", f"{source} is larger than {MAX_MANIFEST_BYTES} bytes")]
    if isinstance(text, bytes):
        if b"\x00" in text:
            return None, [_binary(source)]
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            return None, [
                _parse_problem(
                    "",
                    f"{source} is not UTF-8 text (invalid byte at offset {exc.start})",
                    hint="save the manifest as UTF-8; is this a binary file?",
                )
            ]
    if "\x00" in text:
        return None, [_binary(source)]
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, [
                _parse_problem(
                    "",
                    f"{source} is empty",
                    hint="a manifest starts with `envspec: 1` and `name: ...`; "
                    "`envspec new` writes one",
                )
            ]
        problems = _duplicate_keys(node)
        if problems:
            return None, problems
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        return None, [_yaml_problem(exc)]
    except yaml.YAMLError as exc:
        return None, [_parse_problem("", f"invalid YAML: {_short(str(exc), 200)}")]
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        return None, [
            _parse_problem(
                "",
                f"the top level must be a mapping of fields, got {_type_name(data)}",
                hint="a manifest starts with `envspec: 1` then `name: ...`, one field per line",
            )
        ]
    problems = _check_values(data)
    return (None, problems) if problems else (data, [])


def _parse_problem(path: str, message: str, hint: str | None = None) -> Problem:
    return Problem(path, message, hint, stage="parse")


def _binary(source: str) -> Problem:
    return _parse_problem("", f"{source} looks binary (it contains NUL bytes)", "pass envspec.yaml")


def _yaml_problem(exc: yaml.MarkedYAMLError) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
    what = "; ".join(str(x) for x in (exc.context, exc.problem) if x) or "invalid YAML"
    hint = "check indentation (spaces, not tabs), colons and quoting"
    if mark:
        hint += f" near line {mark.line + 1}"
    return _parse_problem("", f"YAML syntax error{where}: {what}", hint)


def _duplicate_keys(root: yaml.Node) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[int] = set()
    stack: list[tuple[yaml.Node, PathParts]] = [(root, ())]
    while stack:
        node, path = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            lines: dict[tuple[str, str], int] = {}
            for key, value in node.value:
                name = key.value if isinstance(key, yaml.ScalarNode) else "?"
                if isinstance(key, yaml.ScalarNode) and key.tag != "tag:yaml.org,2002:merge":
                    line = key.start_mark.line + 1
                    first = lines.get((key.tag, name))
                    lines.setdefault((key.tag, name), line)
                    if first is not None:
                        problems.append(
                            _parse_problem(
                                _path((*path, name)),
                                f"duplicate key {name!r} at line {line} (first at line {first})",
                                "remove one of them; YAML would silently keep only the last",
                            )
                        )
                stack.append((value, (*path, name)))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((item, (*path, i)) for i, item in enumerate(node.value))
    return sorted(problems, key=lambda p: p.path)


def _check_values(data: object) -> list[Problem]:
    """Refuse what JSON cannot hold, cycles, deep nesting and alias bombs."""
    problems: list[Problem] = []
    sizes: dict[int, int] = {}
    active: set[int] = set()

    def walk(value: object, path: PathParts, depth: int) -> int:
        if len(problems) >= 20 or value is None or isinstance(value, bool | int | str):
            return 1
        if isinstance(value, float):
            if not math.isfinite(value):
                problems.append(
                    _parse_problem(_path(path), f"{value} is not a finite number", "use a number")
                )
            return 1
        if not isinstance(value, dict | list):
            problems.append(
                _parse_problem(
                    _path(path),
                    f"unsupported YAML value of type {type(value).__name__}",
                    "use plain strings, numbers, booleans, lists and mappings "
                    "(no !!binary, !!set or !!timestamp tags)",
                )
            )
            return 1
        key = id(value)
        if key in sizes:
            return sizes[key]
        if key in active or depth >= MAX_DEPTH:
            problems.append(
                _parse_problem(
                    _path(path),
                    f"nested more than {MAX_DEPTH} levels deep or refers to itself",
                    "flatten the structure; YAML aliases may not refer to their own anchor",
                )
            )
            return 1
        active.add(key)
        total = 1
        if isinstance(value, dict):
            for k, v in value.items():
                if not isinstance(k, str):
                    problems.append(
                        _parse_problem(
                            _path((*path, str(k))),
                            f"key {k!r} is not a string but a {_type_name(k)}",
                            "quote the key",
                        )
                    )
                total += walk(v, (*path, str(k)), depth + 1)
        else:
            for i, v in enumerate(value):
                total += walk(v, (*path, i), depth + 1)
        active.discard(key)
        sizes[key] = total
        return total

    if walk(data, (), 0) > MAX_NODES:
        problems.append(
            _parse_problem("", f"more than {MAX_NODES} values after expanding YAML aliases")
        )
    return problems


# --- stage 2: JSON Schema ----------------------------------------------------------------------
#: what a value failing a named pattern of the schema's $defs is not
_PATTERN_WHAT = {
    "name": "a valid name (lowercase letters and digits, separated by single '.', '_' or '-')",
    "semver": "a semantic version MAJOR.MINOR.PATCH[-PRERELEASE] without +build metadata",
    "identifier": "a valid identifier (a lowercase letter, then lowercase letters, digits, _ or -)",
    "duration": "a duration (a number followed by s, m or h)",
    "relpath": "a relative path",
    "abspath": "an absolute path (starting with '/')",
    "image": "an image reference (no spaces)",
    "digestRef": "an OCI reference pinned by digest (...@sha256:<64 lowercase hex digits>)",
    "date": "a date YYYY-MM-DD",
}


def validate_schema(data: object) -> list[Problem]:
    """Check parsed data against the manifest JSON Schema; every problem (stage ``schema``)."""
    if not isinstance(data, dict):
        return [
            Problem("", f"the manifest must be a mapping of fields, got {_type_name(data)}", None)
        ]
    problems: list[Problem] = []
    for error in _validator().iter_errors(data):
        problems.extend(_explain(error))
    return _unique(problems)


def _explain(error: Any) -> list[Problem]:
    if error.context:  # oneOf / anyOf: the branch that came closest says most
        error = best_match(error.context)
    parts: PathParts = tuple(error.absolute_path)
    kind, expected, value, schema = (
        error.validator,
        error.validator_value,
        error.instance,
        error.schema,
    )
    if "propertyNames" in error.schema_path:
        where = _path((*parts, value))
        hint = "use letters, digits and '_'" if kind == "pattern" else None
        return [Problem(where, f"invalid key {value!r}", hint)]
    path = _path(parts)
    if kind == "required":
        missing = [r for r in expected if r not in value and error.message.startswith(repr(r))]
        return [_missing(parts, name, schema) for name in missing]
    if kind == "additionalProperties" and expected is False:
        return _unknown_keys(parts, value, schema)
    if kind == "type":
        return [_type_problem(path, expected, value)]
    if kind == "pattern":
        return [_pattern_problem(path, expected, value, schema)]
    if kind == "enum":
        choices = [str(c) for c in expected]
        hint = did_you_mean(str(value), choices) or f"use one of: {', '.join(choices)}"
        return [Problem(path, f"{_short_repr(value)} is not one of: {', '.join(choices)}", hint)]
    if kind == "const":
        return [Problem(path, f"must be {expected!r}, got {_short_repr(value)}", None)]
    if kind == "not" and path == "task.user":
        return [Problem(path, "the agent may not run as root", "use an unprivileged user: agent")]
    bounds = {"minimum": ">=", "exclusiveMinimum": ">", "maximum": "<=", "exclusiveMaximum": "<"}
    if kind in bounds:
        return [Problem(path, f"must be {bounds[kind]} {expected}, got {_short_repr(value)}")]
    if kind == "minLength":
        what = "must not be empty" if expected == 1 else f"needs at least {expected} characters"
        return [Problem(path, f"{what}, got {len(value)}" if expected > 1 else what)]
    if kind in ("minItems", "minProperties"):
        return [Problem(path, f"needs at least {expected} entr{'y' if expected == 1 else 'ies'}")]
    if kind == "uniqueItems":
        return [Problem(path, "entries must be unique", "remove the repeated entries")]
    return [Problem(path, _short(error.message, 200))]


def _missing(parts: PathParts, name: str, schema: Mapping[str, Any]) -> Problem:
    prop = schema.get("properties", {}).get(name, {})
    description = prop.get("description") or _def(prop).get("description")
    hint = f"add {name}: {description}" if description else f"add {name}"
    return Problem(_path((*parts, name)), f"missing required field {name!r}", hint)


def _unknown_keys(parts: PathParts, value: Mapping[str, Any], schema: Any) -> list[Problem]:
    allowed = list(schema.get("properties", {}))
    patterns = list(schema.get("patternProperties", {}))
    problems = []
    for key in value:
        if key in allowed or any(re.search(p, key) for p in patterns):
            continue
        if allowed:
            hint = did_you_mean(key, allowed) or f"allowed keys: {', '.join(allowed)}"
            problems.append(Problem(_path((*parts, key)), f"unknown key {key!r}", hint))
        else:
            hint = f"names must match {' or '.join(patterns)}, e.g. 'lite'"
            problems.append(Problem(_path((*parts, key)), f"invalid name {key!r}", hint))
    return problems


def _type_problem(path: str, expected: str | list[str], value: object) -> Problem:
    wanted = [expected] if isinstance(expected, str) else list(expected)
    names = {"object": "mapping", "array": "list", "null": "null"}
    expect = " or ".join(names.get(w, w) for w in wanted)
    got = f"{_type_name(value)} {_short_repr(value)}"
    hint = None
    if "string" in wanted and isinstance(value, bool):
        hint = "YAML reads yes/no/on/off/true/false as booleans; quote the value"
    elif "string" in wanted and isinstance(value, int | float):
        hint = "YAML read this as a number; quote the value"
    elif wanted[0] in ("number", "integer") and isinstance(value, str):
        hint = "write the number without quotes"
    elif "null" in wanted:
        hint = "use null, or a mapping such as {count: 1, models: [h100]}"
    return Problem(path, f"expected {expect}, got {got}", hint)


def _pattern_problem(path: str, pattern: str, value: str, schema: Mapping[str, Any]) -> Problem:
    defs = load_schema(MANIFEST_SCHEMA)["$defs"]
    name = next((n for n, d in defs.items() if d.get("pattern") == pattern), None)
    if name is None:
        examples = schema.get("examples", [])
        hint = f"for example {examples[0]}" if examples else None
        if value.lower() != value and re.search(pattern, value.lower()):
            hint = f"use lowercase: {value.lower()}"
        return Problem(path, f"{_short_repr(value)} does not match {pattern}", hint)
    examples = defs[name].get("examples", [])
    hint = f"for example {examples[0]}" if examples else None
    if name == "semver" and "+" in value:
        hint = f"drop the +build metadata (OCI tags cannot contain '+'): {value.split('+')[0]}"
    elif name == "digestRef":
        hint = (
            "pin the reference by digest (`oras resolve REF` or "
            f"`docker buildx imagetools inspect REF` prints it), e.g. {examples[0]}"
        )
    return Problem(path, f"{_short_repr(value)} is not {_PATTERN_WHAT.get(name, name)}", hint)


def _def(prop: Mapping[str, Any]) -> Mapping[str, Any]:
    ref = prop.get("$ref", "")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        found: Mapping[str, Any] = load_schema(MANIFEST_SCHEMA)["$defs"].get(ref[8:], {})
        return found
    return {}


# --- stage 3: semantics ------------------------------------------------------------------------
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
    _check_names(add, "services", raw.get("services", []))
    assets = [a["name"] for a in raw.get("assets", [])]
    for i, service in enumerate(raw.get("services", [])):
        if service["model"] not in assets:
            hint = did_you_mean(service["model"], assets) or "add the model to assets"
            add(f"services[{i}].model", f"no asset named {service['model']!r}", hint)
    return problems


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


def _check_names(add: Any, section: str, entries: Sequence[Mapping[str, Any]]) -> None:
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        if entry["name"] in seen:
            add(f"{section}[{i}].name", f"duplicate name {entry['name']!r}", "rename one")
        seen.add(entry["name"])


# --- stage 4: resolve --------------------------------------------------------------------------
_FROM = re.compile(r"^FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?\s*$", re.IGNORECASE)
_ARG_BASE = re.compile(rf"^ARG\s+{BUILD_ARG_BASE}(?:=.*)?\s*$", re.IGNORECASE)


def resolve(data: Mapping[str, Any], env_dir: Path) -> list[Problem]:
    """Check the files the manifest names under ``env_dir`` (stage ``resolve``).

    The instructions (and the canary in them), the build context, and the Dockerfile with
    ``ARG BASE_IMAGE`` before its first FROM and one stage per target. ``data`` must have
    passed :func:`validate_schema`.
    """
    problems: list[Problem] = []

    def add(path: str, message: str, hint: str | None = None) -> None:
        problems.append(Problem(path, message, hint, stage="resolve"))

    manifest = Manifest.from_dict(data)
    images = manifest.images
    try:
        if not (env_dir / images.context).is_dir():
            add("images.context", f"build context {images.context!r} is not a directory")
        instructions = env_dir / manifest.task.instructions
        if not instructions.is_file():
            add(
                "task.instructions",
                f"{manifest.task.instructions} not found",
                "write the agent's instructions there, or fix the path",
            )
        elif manifest.canary not in instructions.read_text(encoding="utf-8", errors="replace"):
            add(
                "canary",
                f"the canary string does not appear in {manifest.task.instructions}",
                "add it to the instructions, e.g. on the last line",
            )
        dockerfile = env_dir / images.dockerfile_relpath
        if not dockerfile.is_file():
            add(
                "images.dockerfile",
                f"{images.dockerfile_relpath} not found",
                f"write a Dockerfile with stages `FROM ${{{BUILD_ARG_BASE}}} AS "
                f"{images.agent_target}` and `... AS {images.scorer_target}`",
            )
        else:
            text = dockerfile.read_text(encoding="utf-8", errors="replace")
            for path, message, hint in _check_dockerfile(text, manifest):
                add(path, message, hint)
    except OSError as exc:
        add("", f"cannot read the environment folder {env_dir}: {exc}")
    return problems


def _check_dockerfile(text: str, manifest: Manifest) -> list[tuple[str, str, str | None]]:
    images = manifest.images
    lines = [ln.strip() for ln in re.sub(r"\\[ \t]*\r?\n", " ", text).splitlines()]
    lines = [ln for ln in lines if ln and not ln.startswith("#")]
    froms = [i for i, ln in enumerate(lines) if _FROM.match(ln)]
    rel = images.dockerfile_relpath
    arg = f"`ARG {BUILD_ARG_BASE}={images.base}`"
    if not froms:
        return [("images.dockerfile", f"{rel} has no FROM instruction", f"start it with {arg}")]
    out: list[tuple[str, str, str | None]] = []
    if not any(_ARG_BASE.match(ln) for ln in lines[: froms[0]]):
        out.append(
            (
                "images.dockerfile",
                f"{rel} does not declare ARG {BUILD_ARG_BASE} before its first FROM",
                f"add {arg} as the first line and use `FROM ${{{BUILD_ARG_BASE}}} AS ...`",
            )
        )
    stages = []
    for i in froms:
        match = _FROM.match(lines[i])
        if match and match.group(2):
            stages.append(match.group(2).lower())
    targets = {"agent_target": images.agent_target, "scorer_target": images.scorer_target}
    for field, target in targets.items():
        if target.lower() not in stages:
            hint = did_you_mean(target.lower(), stages) or f"add `FROM ... AS {target}`"
            out.append((f"images.{field}", f"{rel} has no stage named {target!r}", hint))
    return out


# --- the whole load ----------------------------------------------------------------------------
def manifest_file(path: Path | str) -> Path:
    """The manifest file for ``path``: ``path/envspec.yaml`` for a folder, else ``path``."""
    path = Path(path)
    return path / MANIFEST_FILE_NAME if path.is_dir() else path


def check_manifest(path: Path | str) -> list[Problem]:
    """Every problem of the manifest at ``path`` (a file or an environment folder); [] if none.

    Never raises for bad input: unreadable files are problems too.
    """
    return _load(manifest_file(path))[0]


def load_manifest(path: Path | str) -> Manifest:
    """Load, validate and resolve the manifest at ``path`` (a file or an environment folder).

    Raises:
        ManifestError: with every problem of the first stage that found any.
    """
    file = manifest_file(path)
    problems, manifest = _load(file)
    if manifest is None:
        raise ManifestError(str(file), problems)
    return manifest


def check_data(data: object) -> list[Problem]:
    """Schema and semantic problems of already-parsed manifest data (no files are checked)."""
    problems = validate_schema(data)
    if problems or not isinstance(data, dict):
        return problems
    return validate_semantics(data)


def load_manifest_data(data: object, source: str = "<manifest>") -> Manifest:
    """A Manifest from parsed data, such as one read from a registry (no files are checked).

    Raises:
        ManifestError: the data fails the schema or the semantic checks.
    """
    problems = check_data(data)
    if problems or not isinstance(data, dict):
        raise ManifestError(source, problems)
    return Manifest.from_dict(data)


def _load(file: Path) -> tuple[list[Problem], Manifest | None]:
    try:
        with file.open("rb") as handle:
            text = handle.read(MAX_MANIFEST_BYTES + 1)
    except FileNotFoundError:
        hint = f"pass an environment folder or its {MANIFEST_FILE_NAME}; `envspec new` makes one"
        return [_parse_problem("", f"{file} not found", hint)], None
    except OSError as exc:
        return [_parse_problem("", f"cannot read {file}: {exc.strerror or exc}")], None
    data, problems = parse(text, str(file))
    if problems or not isinstance(data, dict):
        return problems, None
    for stage in (validate_schema, validate_semantics):
        problems = stage(data)
        if problems:
            return problems, None
    problems = resolve(data, file.parent)
    if problems:
        return problems, None
    log.debug("loaded manifest %s", file)
    return [], Manifest.from_dict(data)


# --- helpers -----------------------------------------------------------------------------------
def _path(parts: PathParts) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def _type_name(value: object) -> str:
    names = {type(None): "null", bool: "boolean", int: "integer", float: "number"}
    names.update({str: "string", list: "list", dict: "mapping"})
    return names.get(type(value), type(value).__name__)


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _short_repr(value: object) -> str:
    return _short(repr(value), 60)


def _unique(problems: list[Problem]) -> list[Problem]:
    return sorted(dict.fromkeys(problems), key=lambda p: p.path)
