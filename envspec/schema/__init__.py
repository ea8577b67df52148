"""Load and validate manifests in stages: parse → JSON Schema → semantics → resolve.

Each stage is one function that returns every :class:`~envspec.errors.Problem` it finds, each
with a dotted field path (``variants.lite.hardware.gpu.count``, ``assets[0].ref``) and a hint.
:func:`load_manifest` runs them in order and stops after the first stage with problems, since
later stages rely on the earlier ones.

Stages: :mod:`~envspec.schema.parsing` (YAML), :mod:`~envspec.schema.explain` (JSON Schema),
:mod:`~envspec.schema.semantic`, :mod:`~envspec.schema.resolving` (files); the whole load is
:mod:`~envspec.schema.load`, the schema files :mod:`~envspec.schema.schemas`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from envspec.schema.explain import validate_schema
    from envspec.schema.load import (
        check_data,
        check_manifest,
        load_manifest,
        load_manifest_data,
        manifest_file,
    )
    from envspec.schema.parsing import MAX_DEPTH, MAX_MANIFEST_BYTES, MAX_NODES, parse
    from envspec.schema.problems import PathParts
    from envspec.schema.resolving import resolve
    from envspec.schema.schemas import MANIFEST_SCHEMA, load_schema, schema_path
    from envspec.schema.semantic import validate_semantics

# Each name is imported from its stage on first use: importing one stage (the schema files,
# for a score record) must not load jsonschema and every other stage at start-up.
_HOME = {
    "validate_schema": "explain",
    "check_data": "load",
    "check_manifest": "load",
    "load_manifest": "load",
    "load_manifest_data": "load",
    "manifest_file": "load",
    "MAX_DEPTH": "parsing",
    "MAX_MANIFEST_BYTES": "parsing",
    "MAX_NODES": "parsing",
    "parse": "parsing",
    "PathParts": "problems",
    "resolve": "resolving",
    "MANIFEST_SCHEMA": "schemas",
    "load_schema": "schemas",
    "schema_path": "schemas",
    "validate_semantics": "semantic",
}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module 'envspec.schema' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"envspec.schema.{_HOME[name]}"), name)
    globals()[name] = value
    return value


__all__ = [
    "MANIFEST_SCHEMA",
    "MAX_DEPTH",
    "MAX_MANIFEST_BYTES",
    "MAX_NODES",
    "PathParts",
    "check_data",
    "check_manifest",
    "load_manifest",
    "load_manifest_data",
    "load_schema",
    "manifest_file",
    "parse",
    "resolve",
    "schema_path",
    "validate_schema",
    "validate_semantics",
]
