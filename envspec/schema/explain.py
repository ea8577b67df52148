"""Stage 2 of loading a manifest: JSON Schema validation, its errors explained with hints."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from jsonschema.exceptions import best_match  # type: ignore[import-untyped]

from envspec.errors import Problem
from envspec.models.manifest import did_you_mean
from envspec.schema.problems import (
    PathParts,
    field_path,
    short_repr,
    shorten,
    type_name,
    unique,
)
from envspec.schema.schemas import MANIFEST_SCHEMA, load_schema, manifest_validator

__all__ = ["validate_schema"]

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
            Problem("", f"the manifest must be a mapping of fields, got {type_name(data)}", None)
        ]
    problems: list[Problem] = []
    for error in manifest_validator().iter_errors(data):
        problems.extend(_explain(error))
    return unique(problems)


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
        where = field_path((*parts, value))
        hint = "use letters, digits and '_'" if kind == "pattern" else None
        return [Problem(where, f"invalid key {value!r}", hint)]
    path = field_path(parts)
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
        return [Problem(path, f"{short_repr(value)} is not one of: {', '.join(choices)}", hint)]
    if kind == "const":
        return [Problem(path, f"must be {expected!r}, got {short_repr(value)}", None)]
    if kind == "not" and path == "task.user":
        return [Problem(path, "the agent may not run as root", "use an unprivileged user: agent")]
    bounds = {"minimum": ">=", "exclusiveMinimum": ">", "maximum": "<=", "exclusiveMaximum": "<"}
    if kind in bounds:
        return [Problem(path, f"must be {bounds[kind]} {expected}, got {short_repr(value)}")]
    if kind == "minLength":
        what = "must not be empty" if expected == 1 else f"needs at least {expected} characters"
        return [Problem(path, f"{what}, got {len(value)}" if expected > 1 else what)]
    if kind in ("minItems", "minProperties"):
        return [Problem(path, f"needs at least {expected} entr{'y' if expected == 1 else 'ies'}")]
    if kind == "uniqueItems":
        return [Problem(path, "entries must be unique", "remove the repeated entries")]
    return [Problem(path, shorten(error.message, 200))]


def _missing(parts: PathParts, name: str, schema: Mapping[str, Any]) -> Problem:
    prop = schema.get("properties", {}).get(name, {})
    description = prop.get("description") or _def(prop).get("description")
    hint = f"add {name}: {description}" if description else f"add {name}"
    return Problem(field_path((*parts, name)), f"missing required field {name!r}", hint)


def _unknown_keys(parts: PathParts, value: Mapping[str, Any], schema: Any) -> list[Problem]:
    allowed = list(schema.get("properties", {}))
    patterns = list(schema.get("patternProperties", {}))
    problems = []
    for key in value:
        if key in allowed or any(re.search(p, key) for p in patterns):
            continue
        if allowed:
            hint = did_you_mean(key, allowed) or f"allowed keys: {', '.join(allowed)}"
            problems.append(Problem(field_path((*parts, key)), f"unknown key {key!r}", hint))
        else:
            hint = f"names must match {' or '.join(patterns)}, e.g. 'lite'"
            problems.append(Problem(field_path((*parts, key)), f"invalid name {key!r}", hint))
    return problems


def _type_problem(path: str, expected: str | list[str], value: object) -> Problem:
    wanted = [expected] if isinstance(expected, str) else list(expected)
    names = {"object": "mapping", "array": "list", "null": "null"}
    expect = " or ".join(names.get(w, w) for w in wanted)
    got = f"{type_name(value)} {short_repr(value)}"
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
        return Problem(path, f"{short_repr(value)} does not match {pattern}", hint)
    examples = defs[name].get("examples", [])
    hint = f"for example {examples[0]}" if examples else None
    if name == "semver" and "+" in value:
        hint = f"drop the +build metadata (OCI tags cannot contain '+'): {value.split('+')[0]}"
    elif name == "digestRef":
        hint = (
            "pin the reference by digest (`oras resolve REF` or "
            f"`docker buildx imagetools inspect REF` prints it), e.g. {examples[0]}"
        )
    return Problem(path, f"{short_repr(value)} is not {_PATTERN_WHAT.get(name, name)}", hint)


def _def(prop: Mapping[str, Any]) -> Mapping[str, Any]:
    ref = prop.get("$ref", "")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        found: Mapping[str, Any] = load_schema(MANIFEST_SCHEMA)["$defs"].get(ref[8:], {})
        return found
    return {}
